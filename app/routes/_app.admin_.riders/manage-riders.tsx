import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Confirm, FormIntent, useAnswer, useSending } from "~/admin/form-parts";
import { riderFormSchema, suspendFormSchema } from "~/admin/admin-rider-actions";
import { fullName } from "~/admin/figure-cards";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/i18n/manila";
import type { ApplicationView, UnsentText } from "~/riders/applications.server";
import { Applications } from "./admin-applications";
import type { RiderListItem } from "~/riders/riders.server";

export type RidersTab = "applications" | "riders";
const TABS: RidersTab[] = ["applications", "riders"];

const localPhone = (phone: string | null, none: string) => (phone ? phone.replace(/^\+63/, "0") : none);

/**
 * Manage Riders: the Applications tab (Approve, Reject with a note) and the Riders tab (figures,
 * Suspend with a reason, Reactivate, the membership fee). The tabs are links (`?tab=`) and every
 * change is a form posted to the page's action, so all of it works before JavaScript.
 */
export function ManageRiders({
  tab,
  applications,
  riders,
  unsentTexts,
  formKey,
}: {
  tab: RidersTab;
  applications: ApplicationView[];
  riders: RiderListItem[];
  unsentTexts: UnsentText[];
  formKey: string;
}) {
  const t = useT();
  const counts: Record<RidersTab, number> = { applications: applications.length, riders: riders.length };
  return (
    <main className="page admin-page stack-lg">
      <p>
        <Link to="/admin">{t("admin.backToPanelLong")}</Link>
      </p>
      <h1>{t("admin.riders.heading")}</h1>
      <nav aria-label={t("admin.riders.heading")} className="admin-tabs">
        {TABS.map((each) => (
          <Link
            key={each}
            to={`?tab=${each}`}
            className="admin-tab"
            aria-current={each === tab ? "page" : undefined}
            preventScrollReset
            replace
          >
            {t(`admin.riders.tab.${each}`)} <span className="admin-tab-count">{counts[each]}</span>
          </Link>
        ))}
      </nav>
      <section className="card" aria-label={t(`admin.riders.tab.${tab}`)}>
        {tab === "applications" ? (
          <Applications applications={applications} unsentTexts={unsentTexts} />
        ) : (
          <Riders riders={riders} formKey={formKey} />
        )}
      </section>
    </main>
  );
}

function SuspendForm({ rider, name }: { rider: RiderListItem; name: string }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useActionForm(suspendFormSchema, {
    id: `suspend-${rider.id}`,
    lastResult: useAnswer(fetcher.data, { intent: "suspend", riderId: rider.id }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <Confirm
      label={t("admin.riders.suspend")}
      className="button button-secondary"
      open={Boolean(form.errors?.length || fields.reason.errors?.length)}
    >
      <fetcher.Form
        method="post"
        action={useRidersAction()}
        className="stack"
        {...getFormProps(form)}
        aria-label={t("admin.riders.suspendTitle", { name })}
      >
        <FormIntent intent="suspend" />
        <input type="hidden" name="riderId" value={rider.id} />
        <p>{t("admin.riders.suspendWarning")}</p>
        <div className="field">
          <label htmlFor={fields.reason.id}>{t("admin.riders.suspendReason")}</label>
          <textarea {...getTextareaProps(fields.reason)} rows={3} />
          <FormErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <FormErrors errors={form.errors} />
        <button type="submit" className="button button-danger" disabled={busy}>
          {busy ? t("admin.riders.suspending") : t("admin.riders.suspendConfirm")}
        </button>
      </fetcher.Form>
    </Confirm>
  );
}

/** Reactivate, or record the membership fee (money: the key made at render), after a confirmation. */
function RiderStep({
  rider,
  intent,
  formKey,
}: {
  rider: RiderListItem;
  intent: "reactivate" | "membership";
  formKey?: string;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const [form] = useActionForm(riderFormSchema, {
    id: `${intent}-${rider.id}`,
    lastResult: useAnswer(fetcher.data, { intent, riderId: rider.id }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  const words =
    intent === "reactivate"
      ? {
          open: t("admin.riders.reactivate"),
          text: t("admin.riders.reactivateText"),
          confirm: t("admin.riders.reactivate"),
          busy: t("admin.riders.reactivating"),
        }
      : {
          open: t("admin.riders.recordFee"),
          text: t("admin.riders.feeText"),
          confirm: t("admin.riders.feeConfirm"),
          busy: t("admin.riders.recording"),
        };
  return (
    <Confirm label={words.open} className="button" open={Boolean(form.errors?.length)}>
      <fetcher.Form method="post" action={useRidersAction()} className="stack" {...getFormProps(form)}>
        <FormIntent intent={intent} formKey={formKey} />
        <input type="hidden" name="riderId" value={rider.id} />
        <p>{words.text}</p>
        <FormErrors errors={form.errors} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? words.busy : words.confirm}
        </button>
      </fetcher.Form>
    </Confirm>
  );
}

function Riders({ riders, formKey }: { riders: RiderListItem[]; formKey: string }) {
  const t = useT();
  const nameOf = (rider: Pick<RiderListItem, "firstName" | "lastName">) => fullName(rider, t("admin.unnamedRider"));

  if (riders.length === 0) return <p className="muted admin-empty">{t("admin.riders.empty")}</p>;
  return (
    <ul className="admin-live-list rider-cards" aria-label={t("admin.riders.listLabel")}>
      {riders.map((rider) => (
        <li key={rider.id} className="admin-live-item rider-card" data-testid="rider" data-rider-id={rider.id}>
          <div className="admin-live-row">
            <strong>{nameOf(rider)}</strong>
            <span className="muted nowrap">{localPhone(rider.phoneNumber, t("admin.noPhone"))}</span>
            <span className={rider.online ? "rider-online-badge is-online" : "rider-online-badge"}>
              {rider.online ? t("admin.riders.online") : t("admin.riders.offline")}
            </span>
          </div>
          <dl className="rider-figures">
            <div>
              <dt>{t("admin.riders.rating")}</dt>
              <dd>
                {rider.rating === null
                  ? t("admin.noData")
                  : t("admin.riders.ratingValue", { rating: rider.rating.toFixed(1) })}
              </dd>
            </div>
            <div>
              <dt>{t("admin.riders.membership")}</dt>
              <dd data-testid="membership">{t(`admin.riders.membership.${rider.membership.status}`)}</dd>
            </div>
            <div>
              <dt>{t("admin.riders.lastSeen")}</dt>
              <dd>{rider.lastSeen ? formatManilaDateTime(rider.lastSeen) : t("admin.riders.never")}</dd>
            </div>
            <div>
              <dt>{t("admin.riders.active")}</dt>
              <dd>{rider.activeDeliveries}</dd>
            </div>
            <div>
              <dt>{t("admin.riders.delivered30")}</dt>
              <dd>{rider.deliveredLast30Days}</dd>
            </div>
          </dl>
          {rider.suspension ? (
            <p className="notice" data-testid="suspension">
              {t("admin.riders.suspendedSince", {
                date: formatManilaDateTime(rider.suspension.since),
                reason: rider.suspension.reason,
              })}
            </p>
          ) : null}
          <div className="admin-card-actions">
            {rider.suspension ? <RiderStep rider={rider} intent="reactivate" /> : null}
            {rider.membership.status === "eligible" ? (
              <RiderStep rider={rider} intent="membership" formKey={formKey} />
            ) : null}
            {rider.suspension ? null : <SuspendForm rider={rider} name={nameOf(rider)} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The page's action, with the tab in view kept (a plain post answered with a refusal renders that tab again). */
function useRidersAction() {
  return `/admin/riders${useLocation().search}`;
}
