import { ApiError } from "~/http/api-client";
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { ActionDialog } from "~/components/action-dialog";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { ApplicationView, UnsentText } from "./applications.server";

const localPhone = (phone: string | null, none: string) => (phone ? phone.replace(/^\+63/, "0") : none);

interface Decided {
  sms: { id: string; status: "sent" | "failed" };
}

/**
 * The Applications tab: Approve, Reject with a note, and the texts to applicants that were not
 * sent, each with Retry (PRODUCT.md, "Messages that fail are known": a page says "texted" only
 * once the SMS was sent).
 */
export function Applications({ applications, unsentTexts }: { applications: ApplicationView[]; unsentTexts: UnsentText[] }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationView | null>(null);
  const t = useT();
  const keys = useIntentKeys();

  async function retry(messageId: string) {
    setBusy(messageId);
    try {
      const outcome = await keys.request<{ status: "sent" | "failed" }>(`retry:${messageId}`, "POST", `/api/admin/messages/${messageId}/retry`);
      if (outcome.status === "sent") toast({ title: t("admin.applications.smsSent") });
      else toast({ variant: "destructive", title: t("admin.applications.smsNotSent"), description: t("admin.applications.smsNotSentText") });
    } catch (error) {
      toast({ variant: "destructive", title: t("admin.error"), description: error instanceof ApiError ? error.serverMessage : t("admin.tryAgain") });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  /** The decision's toast: "texted" only when the SMS was sent; otherwise "SMS not sent" with Retry. */
  function told(decided: Decided, sentTitle: string, sentText: string) {
    if (decided.sms.status === "sent") return toast({ title: sentTitle, description: sentText });
    toast({
      variant: "destructive",
      title: t("admin.applications.smsNotSent"),
      description: t("admin.applications.decidedNotTexted"),
      action: { label: t("admin.applications.retry"), altText: t("admin.applications.retrySms"), onClick: () => void retry(decided.sms.id) },
      duration: 15_000,
    });
  }

  async function approve(application: ApplicationView) {
    setBusy(application.id);
    try {
      const decided = await keys.request<Decided>(`decide:${application.id}:approve`, "POST", `/api/admin/rider-applications/${application.id}/decision`, { decision: "approve" });
      told(decided, t("admin.applications.approvedToast"), t("admin.applications.approvedToastText", { name: application.fullName }));
    } catch (error) {
      toast({ variant: "destructive", title: t("admin.error"), description: error instanceof ApiError ? error.serverMessage : t("admin.tryAgain") });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  return (
    <>
      {unsentTexts.length > 0 ? (
        <section className="stack" aria-labelledby="unsent-texts">
          <h2 id="unsent-texts">{t("admin.applications.unsentHeading")}</h2>
          <ul className="admin-live-list">
            {unsentTexts.map((text) => (
              <li key={text.messageId} className="admin-live-item" data-testid="unsent-text">
                <div className="admin-live-row">
                  <strong>{text.fullName}</strong>
                  <span className="muted">{formatManilaDateTime(text.createdAt)}</span>
                </div>
                <p className="admin-live-line">
                  {t(text.purpose === "application_received" ? "admin.applications.unsentReceived" : "admin.applications.unsentDecided")} ·{" "}
                  {t("admin.applications.smsNotSent")}
                </p>
                <button type="button" className="button button-secondary" onClick={() => void retry(text.messageId)} disabled={busy === text.messageId}>
                  {t("admin.applications.retry")}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {applications.length === 0 ? (
        <p className="muted admin-empty">{t("admin.applications.empty")}</p>
      ) : (
        <ul className="admin-live-list" aria-label={t("admin.applications.listLabel")}>
          {applications.map((application) => (
            <li key={application.id} className="admin-live-item" data-testid="application" data-application-id={application.id}>
              <div className="admin-live-row">
                <strong>{application.fullName}</strong>
                <span className="muted">{formatManilaDateTime(application.createdAt)}</span>
              </div>
              <p className="admin-live-line">
                {localPhone(application.mobile, t("admin.noPhone"))} · {application.cityLabel} ·{" "}
                {application.hasMotorcycle ? t("admin.applications.hasMotorcycle") : t("admin.applications.needsMotorcycle")}
                {application.referralCode ? ` · ${t("admin.applications.referral", { code: application.referralCode })}` : ""}
              </p>
              <div className="row">
                <button type="button" className="button" onClick={() => approve(application)} disabled={busy === application.id}>
                  {busy === application.id ? t("admin.applications.approving") : t("admin.approve")}
                </button>
                <button type="button" className="button button-secondary" onClick={() => setRejecting(application)} disabled={busy === application.id}>
                  {t("admin.reject")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionDialog
        open={rejecting !== null}
        title={t("admin.applications.rejectTitle", { name: rejecting?.fullName ?? "" })}
        confirmLabel={t("admin.reject")}
        busyLabel={t("admin.applications.rejecting")}
        danger
        onClose={() => setRejecting(null)}
        onConfirm={async (form) => {
          const note = String(form.get("note") ?? "").trim();
          const decided = await keys.request<Decided>(`decide:${rejecting!.id}:reject`, "POST", `/api/admin/rider-applications/${rejecting!.id}/decision`, {
            decision: "reject",
            ...(note ? { note } : {}),
          });
          told(decided, t("admin.applications.rejectedToast"), t("admin.applications.rejectedToastText"));
          revalidator.revalidate();
        }}
      >
        <div className="field">
          <label htmlFor="reject-note">{t("admin.applications.note")}</label>
          <textarea id="reject-note" name="note" maxLength={300} rows={3} placeholder={t("admin.applications.notePlaceholder")} />
        </div>
      </ActionDialog>
    </>
  );
}
