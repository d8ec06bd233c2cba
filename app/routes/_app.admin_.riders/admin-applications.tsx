import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { Confirm, FormIntent, useAnswer, useSending } from "~/admin/form-parts";
import { decisionFormSchema, messageFormSchema } from "~/admin/admin-rider-actions";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/i18n/manila";
import type { ApplicationView, UnsentText } from "~/riders/applications.server";

const localPhone = (phone: string | null, none: string) => (phone ? phone.replace(/^\+63/, "0") : none);

/**
 * The Applications tab: Approve, Reject with a note, and the texts to applicants that were not
 * sent, each with Retry (docs/guide/what-is-true.md#outbox: a page says "texted" only
 * once the SMS was sent). Each is a form posted to the page's action.
 */
export function Applications({
  applications,
  unsentTexts,
}: {
  applications: ApplicationView[];
  unsentTexts: UnsentText[];
}) {
  const t = useT();
  return (
    <>
      {unsentTexts.length > 0 ? (
        <section className="stack" aria-labelledby="unsent-texts">
          <h2 id="unsent-texts">{t("admin.applications.unsentHeading")}</h2>
          <ul className="admin-live-list">
            {unsentTexts.map((text) => (
              <UnsentTextRow key={text.messageId} text={text} />
            ))}
          </ul>
        </section>
      ) : null}
      {applications.length === 0 ? (
        <p className="muted admin-empty">{t("admin.applications.empty")}</p>
      ) : (
        <ul className="admin-live-list" aria-label={t("admin.applications.listLabel")}>
          {applications.map((application) => (
            <ApplicationRow key={application.id} application={application} />
          ))}
        </ul>
      )}
    </>
  );
}

function UnsentTextRow({ text }: { text: UnsentText }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form] = useActionForm(messageFormSchema, {
    id: `retry-${text.messageId}`,
    lastResult: useAnswer(fetcher.data, { intent: "retryMessage", messageId: text.messageId }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <li className="admin-live-item" data-testid="unsent-text">
      <div className="admin-live-row">
        <strong>{text.fullName}</strong>
        <span className="muted">{formatManilaDateTime(text.createdAt)}</span>
      </div>
      <p className="admin-live-line">
        {t(
          text.purpose === "application_received"
            ? "admin.applications.unsentReceived"
            : "admin.applications.unsentDecided",
        )}{" "}
        · {t("admin.applications.smsNotSent")}
      </p>
      <fetcher.Form method="post" action={useRidersAction()} {...getFormProps(form)}>
        <FormIntent intent="retryMessage" />
        <input type="hidden" name="messageId" value={text.messageId} />
        <FormErrors errors={form.errors} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t("admin.applications.retry")}
        </button>
      </fetcher.Form>
    </li>
  );
}

function ApplicationRow({ application }: { application: ApplicationView }) {
  const approver = useFetcher<FormAnswer>();
  const rejecter = useFetcher<FormAnswer>();
  const [approveForm] = useActionForm(decisionFormSchema, {
    id: `approve-${application.id}`,
    lastResult: useAnswer(approver.data, { intent: "decide", applicationId: application.id, decision: "approve" }),
  });
  const [rejectForm, rejectFields] = useActionForm(decisionFormSchema, {
    id: `reject-${application.id}`,
    lastResult: useAnswer(rejecter.data, { intent: "decide", applicationId: application.id, decision: "reject" }),
  });
  const approving = useSending(approver.state);
  const rejecting = useSending(rejecter.state);
  const busy = approving || rejecting;
  const t = useT();
  return (
    <li className="admin-live-item" data-testid="application" data-application-id={application.id}>
      <div className="admin-live-row">
        <strong>{application.fullName}</strong>
        <span className="muted">{formatManilaDateTime(application.createdAt)}</span>
      </div>
      <p className="admin-live-line">
        {localPhone(application.mobile, t("admin.noPhone"))} · {application.cityLabel} ·{" "}
        {application.hasMotorcycle ? t("admin.applications.hasMotorcycle") : t("admin.applications.needsMotorcycle")}
        {application.referralCode ? ` · ${t("admin.applications.referral", { code: application.referralCode })}` : ""}
      </p>
      <FormErrors errors={[...(approveForm.errors ?? []), ...(rejectForm.errors ?? [])]} />
      <div className="admin-card-actions">
        <approver.Form method="post" action={useRidersAction()} {...getFormProps(approveForm)}>
          <FormIntent intent="decide" />
          <input type="hidden" name="applicationId" value={application.id} />
          <input type="hidden" name="decision" value="approve" />
          <button type="submit" className="button" disabled={busy}>
            {approver.state !== "idle" ? t("admin.applications.approving") : t("admin.approve")}
          </button>
        </approver.Form>
        <Confirm
          label={t("admin.reject")}
          className="button button-secondary"
          open={Boolean(rejectFields.note.errors?.length)}
        >
          <rejecter.Form
            method="post"
            action={useRidersAction()}
            className="stack"
            {...getFormProps(rejectForm)}
            aria-label={t("admin.applications.rejectTitle", { name: application.fullName })}
          >
            <FormIntent intent="decide" />
            <input type="hidden" name="applicationId" value={application.id} />
            <input type="hidden" name="decision" value="reject" />
            <div className="field">
              <label htmlFor={rejectFields.note.id}>{t("admin.applications.note")}</label>
              <textarea
                {...getTextareaProps(rejectFields.note)}
                rows={3}
                placeholder={t("admin.applications.notePlaceholder")}
              />
              <FormErrors id={rejectFields.note.errorId} errors={rejectFields.note.errors} />
            </div>
            <button type="submit" className="button button-danger" disabled={busy}>
              {rejecter.state !== "idle" ? t("admin.applications.rejecting") : t("admin.reject")}
            </button>
          </rejecter.Form>
        </Confirm>
      </div>
    </li>
  );
}

/** The page's action, with the tab in view kept (a plain post answered with a refusal renders that tab again). */
function useRidersAction() {
  return `/admin/riders${useLocation().search}`;
}
