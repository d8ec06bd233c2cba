import { Link, useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ActionDialog } from "~/components/action-dialog";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { ApplicationView, UnsentText } from "./applications.server";
import { Applications } from "./admin-applications";
import { fullName } from "~/admin/figure-cards";
import type { RiderListItem } from "./riders.server";

type Tab = "applications" | "riders";
const TABS: Tab[] = ["applications", "riders"];

const localPhone = (phone: string | null, none: string) => (phone ? phone.replace(/^\+63/, "0") : none);

/**
 * Manage Riders: the Applications tab (Approve, Reject with a note) and the Riders tab (figures,
 * Suspend with a reason, Reactivate). Every change goes through the admin API, then the page
 * reloads its lists from the server.
 */
export function ManageRiders({ applications, riders, unsentTexts }: { applications: ApplicationView[]; riders: RiderListItem[]; unsentTexts: UnsentText[] }) {
  const [tab, setTab] = useState<Tab>("applications");
  const id = useId();
  const t = useT();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const counts: Record<Tab, number> = { applications: applications.length, riders: riders.length };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next = event.key === "Home" ? TABS[0]! : event.key === "End" ? TABS[TABS.length - 1]! : TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <main className="page admin-page stack-lg">
      <p>
        <Link to="/admin">{t("admin.backToPanelLong")}</Link>
      </p>
      <h1>{t("admin.riders.heading")}</h1>
      <div role="tablist" aria-label={t("admin.riders.heading")} className="admin-tabs">
        {TABS.map((each) => (
          <button
            key={each}
            ref={(el) => {
              tabRefs.current[each] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${each}`}
            aria-selected={each === tab}
            aria-controls={`${id}-panel`}
            tabIndex={each === tab ? 0 : -1}
            className="admin-tab"
            onClick={() => setTab(each)}
            onKeyDown={onTabKey}
          >
            {t(`admin.riders.tab.${each}`)} <span className="admin-tab-count">{counts[each]}</span>
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="card">
        {tab === "applications" ? <Applications applications={applications} unsentTexts={unsentTexts} /> : <Riders riders={riders} />}
      </section>
    </main>
  );
}

function Riders({ riders }: { riders: RiderListItem[] }) {
  const revalidator = useRevalidator();
  const [suspending, setSuspending] = useState<RiderListItem | null>(null);
  const [reactivating, setReactivating] = useState<RiderListItem | null>(null);
  const [enrolling, setEnrolling] = useState<RiderListItem | null>(null);
  const t = useT();
  const keys = useIntentKeys();
  const nameOf = (rider: Pick<RiderListItem, "firstName" | "lastName">) => fullName(rider, t("admin.unnamedRider"));

  if (riders.length === 0) return <p className="muted admin-empty">{t("admin.riders.empty")}</p>;
  return (
    <>
      <ul className="admin-live-list" aria-label={t("admin.riders.listLabel")}>
        {riders.map((rider) => (
          <li key={rider.id} className="admin-live-item" data-testid="rider" data-rider-id={rider.id}>
            <div className="admin-live-row">
              <strong>{nameOf(rider)}</strong>
              <span className="muted">{localPhone(rider.phoneNumber, t("admin.noPhone"))}</span>
              <span className={rider.online ? "rider-online-badge is-online" : "rider-online-badge"}>{rider.online ? t("admin.riders.online") : t("admin.riders.offline")}</span>
            </div>
            <dl className="rider-figures">
              <div>
                <dt>{t("admin.riders.rating")}</dt>
                <dd>{rider.rating === null ? t("admin.noData") : t("admin.riders.ratingValue", { rating: rider.rating.toFixed(1) })}</dd>
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
                {t("admin.riders.suspendedSince", { date: formatManilaDateTime(rider.suspension.since), reason: rider.suspension.reason })}
              </p>
            ) : null}
            <div className="row">
              {rider.membership.status === "eligible" ? (
                <button type="button" className="button button-secondary" onClick={() => setEnrolling(rider)}>
                  {t("admin.riders.recordFee")}
                </button>
              ) : null}
              {rider.suspension ? (
                <button type="button" className="button button-secondary" onClick={() => setReactivating(rider)}>
                  {t("admin.riders.reactivate")}
                </button>
              ) : (
                <button type="button" className="button button-danger" onClick={() => setSuspending(rider)}>
                  {t("admin.riders.suspend")}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ActionDialog
        open={suspending !== null}
        title={t("admin.riders.suspendTitle", { name: suspending ? nameOf(suspending) : "" })}
        confirmLabel={t("admin.riders.suspend")}
        busyLabel={t("admin.riders.suspending")}
        danger
        onClose={() => setSuspending(null)}
        onConfirm={async (form) => {
          await keys.request(`suspend:${suspending!.id}`, "POST", `/api/admin/riders/${suspending!.id}/suspend`, { reason: String(form.get("reason") ?? "") });
          toast({ title: t("admin.riders.suspendedToast") });
          revalidator.revalidate();
        }}
      >
        <p>{t("admin.riders.suspendWarning")}</p>
        <div className="field">
          <label htmlFor="suspend-reason">{t("admin.riders.suspendReason")}</label>
          <textarea id="suspend-reason" name="reason" required maxLength={200} rows={3} />
        </div>
      </ActionDialog>
      <ActionDialog
        open={reactivating !== null}
        title={t("admin.riders.reactivateTitle", { name: reactivating ? nameOf(reactivating) : "" })}
        confirmLabel={t("admin.riders.reactivate")}
        busyLabel={t("admin.riders.reactivating")}
        onClose={() => setReactivating(null)}
        onConfirm={async () => {
          await keys.request(`reactivate:${reactivating!.id}`, "POST", `/api/admin/riders/${reactivating!.id}/reactivate`);
          toast({ title: t("admin.riders.reactivatedToast") });
          revalidator.revalidate();
        }}
      >
        <p>{t("admin.riders.reactivateText")}</p>
      </ActionDialog>
      <ActionDialog
        open={enrolling !== null}
        title={t("admin.riders.feeTitle", { name: enrolling ? nameOf(enrolling) : "" })}
        confirmLabel={t("admin.riders.feeConfirm")}
        busyLabel={t("admin.riders.recording")}
        onClose={() => setEnrolling(null)}
        onConfirm={async () => {
          await keys.request(`membership:${enrolling!.id}`, "POST", `/api/admin/riders/${enrolling!.id}/membership`);
          toast({ title: t("admin.riders.feeToast"), description: t("admin.riders.feeToastText") });
          revalidator.revalidate();
        }}
      >
        <p>{t("admin.riders.feeText")}</p>
      </ActionDialog>
    </>
  );
}
