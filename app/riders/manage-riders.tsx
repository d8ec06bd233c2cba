import { Link, useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ActionDialog } from "~/components/action-dialog";
import { apiRequest } from "~/http/api-client";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { ApplicationView } from "./applications.server";
import type { MembershipStatus } from "./membership";
import type { RiderListItem } from "./riders.server";

type Tab = "applications" | "riders";
const TABS: Tab[] = ["applications", "riders"];
const TAB_LABELS: Record<Tab, string> = { applications: "Applications", riders: "Riders" };

const nameOf = (rider: Pick<RiderListItem, "firstName" | "lastName">) => [rider.firstName, rider.lastName].filter(Boolean).join(" ") || "Unnamed rider";
const MEMBERSHIP_LABELS: Record<MembershipStatus, string> = { rider: "Rider", eligible: "Eligible to join", member: "Member-owner" };
const localPhone = (phone: string | null) => (phone ? phone.replace(/^\+63/, "0") : "No phone");

/**
 * Manage Riders: the Applications tab (Approve, Reject with a note) and the Riders tab (figures,
 * Suspend with a reason, Reactivate). Every change goes through the admin API, then the page
 * reloads its lists from the server.
 */
export function ManageRiders({ applications, riders }: { applications: ApplicationView[]; riders: RiderListItem[] }) {
  const [tab, setTab] = useState<Tab>("applications");
  const id = useId();
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
        <Link to="/admin">← Back to the Coop Admin Panel</Link>
      </p>
      <h1>Manage Riders</h1>
      <div role="tablist" aria-label="Manage Riders" className="admin-tabs">
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t}`}
            aria-selected={t === tab}
            aria-controls={`${id}-panel`}
            tabIndex={t === tab ? 0 : -1}
            className="admin-tab"
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
          >
            {TAB_LABELS[t]} <span className="admin-tab-count">{counts[t]}</span>
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="card">
        {tab === "applications" ? <Applications applications={applications} /> : <Riders riders={riders} />}
      </section>
    </main>
  );
}

function Applications({ applications }: { applications: ApplicationView[] }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationView | null>(null);

  async function approve(application: ApplicationView) {
    setBusy(application.id);
    try {
      await apiRequest("POST", `/api/admin/rider-applications/${application.id}/decision`, { decision: "approve" });
      toast({ title: "Application approved", description: `${application.fullName} is now a rider and was texted to sign in.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Error", description: error instanceof Error ? error.message.replace(/^\d+: /, "") : "Please try again." });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  if (applications.length === 0) return <p className="muted admin-empty">No applications are waiting for review.</p>;
  return (
    <>
      <ul className="admin-live-list" aria-label="Applications waiting for review">
        {applications.map((application) => (
          <li key={application.id} className="admin-live-item" data-testid="application" data-application-id={application.id}>
            <div className="admin-live-row">
              <strong>{application.fullName}</strong>
              <span className="muted">{formatManilaDateTime(application.createdAt)}</span>
            </div>
            <p className="admin-live-line">
              {localPhone(application.mobile)} · {application.cityLabel} · {application.hasMotorcycle ? "Has a motorcycle" : "Needs a motorcycle"}
              {application.referralCode ? ` · Referral ${application.referralCode}` : ""}
            </p>
            <div className="row">
              <button type="button" className="button" onClick={() => approve(application)} disabled={busy === application.id}>
                {busy === application.id ? "Approving..." : "Approve"}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setRejecting(application)} disabled={busy === application.id}>
                Reject
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ActionDialog
        open={rejecting !== null}
        title={`Reject ${rejecting?.fullName ?? "application"}?`}
        confirmLabel="Reject"
        busyLabel="Rejecting..."
        danger
        onClose={() => setRejecting(null)}
        onConfirm={async (form) => {
          const note = String(form.get("note") ?? "").trim();
          await apiRequest("POST", `/api/admin/rider-applications/${rejecting!.id}/decision`, { decision: "reject", ...(note ? { note } : {}) });
          toast({ title: "Application rejected", description: "The applicant was texted." });
          revalidator.revalidate();
        }}
      >
        <div className="field">
          <label htmlFor="reject-note">Note to the applicant (sent by SMS)</label>
          <textarea id="reject-note" name="note" maxLength={300} rows={3} placeholder="e.g. Your motorcycle must be registered in 2019 or later." />
        </div>
      </ActionDialog>
    </>
  );
}

function Riders({ riders }: { riders: RiderListItem[] }) {
  const revalidator = useRevalidator();
  const [suspending, setSuspending] = useState<RiderListItem | null>(null);
  const [reactivating, setReactivating] = useState<RiderListItem | null>(null);
  const [enrolling, setEnrolling] = useState<RiderListItem | null>(null);

  if (riders.length === 0) return <p className="muted admin-empty">No approved riders yet.</p>;
  return (
    <>
      <ul className="admin-live-list" aria-label="Approved riders">
        {riders.map((rider) => (
          <li key={rider.id} className="admin-live-item" data-testid="rider" data-rider-id={rider.id}>
            <div className="admin-live-row">
              <strong>{nameOf(rider)}</strong>
              <span className="muted">{localPhone(rider.phoneNumber)}</span>
              <span className={rider.online ? "rider-online-badge is-online" : "rider-online-badge"}>{rider.online ? "Online" : "Offline"}</span>
            </div>
            <dl className="rider-figures">
              <div>
                <dt>Rating</dt>
                <dd>{rider.rating === null ? "No data yet" : `${rider.rating.toFixed(1)} / 5`}</dd>
              </div>
              <div>
                <dt>Membership</dt>
                <dd data-testid="membership">{MEMBERSHIP_LABELS[rider.membership.status]}</dd>
              </div>
              <div>
                <dt>Last seen</dt>
                <dd>{rider.lastSeen ? formatManilaDateTime(rider.lastSeen) : "Never"}</dd>
              </div>
              <div>
                <dt>Active deliveries</dt>
                <dd>{rider.activeDeliveries}</dd>
              </div>
              <div>
                <dt>Delivered (30 days)</dt>
                <dd>{rider.deliveredLast30Days}</dd>
              </div>
            </dl>
            {rider.suspension ? (
              <p className="notice" data-testid="suspension">
                Suspended since {formatManilaDateTime(rider.suspension.since)}: {rider.suspension.reason}
              </p>
            ) : null}
            <div className="row">
              {rider.membership.status === "eligible" ? (
                <button type="button" className="button button-secondary" onClick={() => setEnrolling(rider)}>
                  Record membership fee
                </button>
              ) : null}
              {rider.suspension ? (
                <button type="button" className="button button-secondary" onClick={() => setReactivating(rider)}>
                  Reactivate
                </button>
              ) : (
                <button type="button" className="button button-danger" onClick={() => setSuspending(rider)}>
                  Suspend
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ActionDialog
        open={suspending !== null}
        title={`Suspend ${suspending ? nameOf(suspending) : "rider"}?`}
        confirmLabel="Suspend"
        busyLabel="Suspending..."
        danger
        onClose={() => setSuspending(null)}
        onConfirm={async (form) => {
          await apiRequest("POST", `/api/admin/riders/${suspending!.id}/suspend`, { reason: String(form.get("reason") ?? "") });
          toast({ title: "Rider suspended" });
          revalidator.revalidate();
        }}
      >
        <p>They will not be able to use any rider function until reactivated. Deliveries they hold stay with them until you reassign them.</p>
        <div className="field">
          <label htmlFor="suspend-reason">Reason (shown to the rider)</label>
          <textarea id="suspend-reason" name="reason" required maxLength={200} rows={3} />
        </div>
      </ActionDialog>
      <ActionDialog
        open={reactivating !== null}
        title={`Reactivate ${reactivating ? nameOf(reactivating) : "rider"}?`}
        confirmLabel="Reactivate"
        busyLabel="Reactivating..."
        onClose={() => setReactivating(null)}
        onConfirm={async () => {
          await apiRequest("POST", `/api/admin/riders/${reactivating!.id}/reactivate`);
          toast({ title: "Rider reactivated" });
          revalidator.revalidate();
        }}
      >
        <p>They can use the rider functions again right away.</p>
      </ActionDialog>
      <ActionDialog
        open={enrolling !== null}
        title={`Record ${enrolling ? nameOf(enrolling) : "the rider"}'s membership fee?`}
        confirmLabel="Record ₱500 fee"
        busyLabel="Recording..."
        onClose={() => setEnrolling(null)}
        onConfirm={async () => {
          await apiRequest("POST", `/api/admin/riders/${enrolling!.id}/membership`);
          toast({ title: "Membership recorded", description: "The rider is now a member-owner." });
          revalidator.revalidate();
        }}
      >
        <p>Confirm that the co-op received the one-time ₱500 membership fee. The rider becomes a member-owner.</p>
      </ActionDialog>
    </>
  );
}
