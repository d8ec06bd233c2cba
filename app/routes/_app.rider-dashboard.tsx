import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { rolePageAccess } from "~/auth/role-page.server";
import { isSuspendedRider, suspensionMessage } from "~/riders/suspension";
import { AccessDenied } from "~/components/access-denied";
import { StatusBadge } from "~/components/status-badge";
import { getDb } from "~/db/client.server";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { formatManilaDateTime } from "~/time/manila";
import { toDeliveryView, type DeliveryView } from "~/deliveries/delivery-view";
import { listActiveRiderDeliveries, listAvailableDeliveries, listRecentDelivered } from "~/deliveries/rider-operations.server";
import { riderActions, type RiderAction } from "~/deliveries/state-machine";
import { riderEarnings } from "~/earnings/earnings.server";
import { ApiError, apiRequest } from "~/http/api-client";
import { COOP_SHARE_PERCENT, formatPesos, pesosToCentavos, RIDER_SHARE_PERCENT, splitFee } from "~/money/money";
import riderStyles from "~/styles/rider.css";
import { toast } from "~/toast/toast-store";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: riderStyles }];

export const meta: MetaFunction = () => [{ title: "Rider Dashboard · Hatid" }];

/** Spec section 9: the available list refreshes every 30 s; session errors redirect after about 0.5 s. */
const AVAILABLE_POLL_MS = 30_000;
const REDIRECT_DELAY_MS = 500;
/** Fixed display figures of the spec (section 9), until real ones are computed (PRODUCT.md, Beyond the spec). */
const FIXED_RATING = "4.8";
const FIXED_PERFORMANCE = [
  { label: "Acceptance Rate", value: "94%" },
  { label: "Completion Rate", value: "98%" },
  { label: "On-time Delivery", value: "96%" },
  { label: "Rating", value: "4.8" },
];

type AvailableItem = DeliveryView & { distanceFromRider: string | null };
type HistoryItem = DeliveryView & { riderEarnings: number };

interface DashboardData {
  available: AvailableItem[];
  active: DeliveryView[];
  history: HistoryItem[];
  earnings: { today: number; week: number; weekCoopShare: number; completedToday: number; completedThisWeek: number };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "rider");
  if (denied) return denied;
  // Signed out: the layout shows the landing page; there is nothing to load.
  if (!user) return { allowed: true as const, dashboard: null };
  // Suspended: no rider data at all, only the reason (app/riders/suspension.ts).
  if (isSuspendedRider(user)) {
    return data({ allowed: true as const, dashboard: null, suspension: suspensionMessage(user.riderSuspensionReason) }, { status: 403 });
  }
  const db = getDb(env.DB);
  const [available, active, history, earnings] = await Promise.all([
    listAvailableDeliveries(db, user),
    listActiveRiderDeliveries(db, user.id),
    listRecentDelivered(db, user.id),
    riderEarnings(db, user.id, Date.now()),
  ]);
  const dashboard: DashboardData = {
    available: available.map(({ delivery, distanceFromRider }) => ({ ...toDeliveryView(delivery), distanceFromRider })),
    active: active.map((delivery) => toDeliveryView(delivery)),
    history: history.map((delivery) => ({ ...toDeliveryView(delivery), riderEarnings: splitFee(delivery.totalFee).rider })),
    earnings,
  };
  return { allowed: true as const, dashboard };
}

const pesos = (amount: number) => formatPesos(pesosToCentavos(amount));
const riderShareOf = (totalFeePesos: number) => formatPesos(splitFee(pesosToCentavos(totalFeePesos)).rider);

export default function RiderDashboardPage() {
  const data = useLoaderData<typeof loader>() as ReturnType<typeof useLoaderData<typeof loader>> & { suspension?: string };
  if (!data.allowed) return <AccessDenied message="Access Denied: Rider access required for this page" />;
  if ("suspension" in data && data.suspension) return <SuspendedNotice message={data.suspension} />;
  if (!("dashboard" in data) || !data.dashboard) return null;
  return <RiderDashboard dashboard={data.dashboard} />;
}

function SuspendedNotice({ message }: { message: string }) {
  return (
    <main className="page narrow-page stack-lg">
      <h1>Rider Dashboard</h1>
      <section className="card stack" aria-labelledby="suspended-heading">
        <h2 id="suspended-heading">Rider account suspended</h2>
        <p className="notice" role="status">
          {message}
        </p>
        <p className="muted">
          You cannot accept, move or share the location of deliveries until the co-op reactivates your account. Deliveries you
          held will be reassigned by an admin. Please contact the co-op office.
        </p>
      </section>
    </main>
  );
}

/** 401 on a rider action: the spec's toast, then the sign-in route (/api/login sends to /). */
function loggedOut() {
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  setTimeout(() => window.location.assign("/api/login"), REDIRECT_DELAY_MS);
}

function RiderDashboard({ dashboard }: { dashboard: DashboardData }) {
  const { available, active, history, earnings } = dashboard;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const refreshing = revalidator.state === "loading";

  const refresh = useCallback(() => {
    if (revalidator.state === "idle") revalidator.revalidate();
  }, [revalidator]);

  // Available Deliveries: polled every 30 s while the page is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, AVAILABLE_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  async function acceptDelivery(id: string) {
    setBusy(id);
    try {
      await apiRequest("POST", `/api/deliveries/${id}/accept`);
      toast({ title: "Delivery accepted successfully!" });
    } catch (error) {
      if (error instanceof ApiError && error.isUnauthorized) return loggedOut();
      toast({
        title: "Failed to accept delivery",
        description: error instanceof ApiError && error.status === 409 ? error.serverMessage : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  async function updateStatus(id: string, action: RiderAction) {
    setBusy(id);
    try {
      await apiRequest("POST", `/api/deliveries/${id}/status`, { status: action.status });
      toast({ title: "Delivery status updated successfully!" });
    } catch (error) {
      if (error instanceof ApiError && error.isUnauthorized) return loggedOut();
      toast({
        title: "Failed to update delivery status",
        description: error instanceof ApiError && error.status < 500 ? error.serverMessage : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  return (
    <main className="page rider-dashboard">
      <h1>Rider Dashboard</h1>

      <section className="grid grid-4 rider-stats" aria-label="Today at a glance">
        <StatCard label="Today's Earnings" value={formatPesos(earnings.today)} testId="stat-today-earnings" />
        <StatCard
          label="Active Deliveries"
          value={String(active.length)}
          note={`${available.length} nearby available`}
          testId="stat-active-deliveries"
        />
        <StatCard label="Completed Today" value={String(earnings.completedToday)} testId="stat-completed-today" />
        <StatCard label="Rating" value={FIXED_RATING} testId="stat-rating" />
      </section>

      <div className="rider-layout">
        <div className="rider-main">
          <section className="card" id="available-deliveries" aria-labelledby="available-title" aria-busy={refreshing}>
            <div className="rider-card-head">
              <h2 id="available-title">Available Deliveries</h2>
              <button type="button" className="button button-secondary" onClick={refresh} disabled={refreshing}>
                {refreshing ? "Refreshing..." : "Refresh"}
              </button>
            </div>
            {available.length === 0 ? (
              <p className="muted">No available deliveries at the moment</p>
            ) : (
              <ul className="rider-list">
                {available.map((delivery) => (
                  <li key={delivery.id} className="rider-item" data-delivery-id={delivery.id}>
                    <DeliverySummary delivery={delivery} />
                    <p className="rider-meta muted">
                      {delivery.distanceFromRider !== null ? <span>{delivery.distanceFromRider} km from you · </span> : null}
                      <span>
                        {delivery.distance} km trip · {delivery.estimatedDuration}
                      </span>
                    </p>
                    <div className="rider-item-foot">
                      <p className="rider-earn">
                        You earn <strong>{riderShareOf(delivery.totalFee)}</strong>{" "}
                        <span className="muted">of {pesos(delivery.totalFee)}</span>
                      </p>
                      <button type="button" className="button" onClick={() => acceptDelivery(delivery.id)} disabled={busy !== null}>
                        {busy === delivery.id ? "Accepting..." : "Accept Delivery"}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card" id="active-deliveries" aria-labelledby="active-title">
            <h2 id="active-title">Active Deliveries</h2>
            {active.length === 0 ? (
              <p className="muted">No active deliveries at the moment</p>
            ) : (
              <ul className="rider-list">
                {active.map((delivery) => (
                  <li key={delivery.id} className="rider-item" data-delivery-id={delivery.id}>
                    <DeliverySummary delivery={delivery} showStatus />
                    <p className="rider-meta muted">
                      Pickup contact: <a href={`tel:${delivery.pickupPhone}`}>{delivery.pickupPhone}</a> · Dropoff contact:{" "}
                      <a href={`tel:${delivery.dropoffPhone}`}>{delivery.dropoffPhone}</a>
                    </p>
                    <div className="row rider-actions">
                      {riderActions(delivery.status).map((action) => (
                        <button
                          key={action.status}
                          type="button"
                          className="button"
                          onClick={() => updateStatus(delivery.id, action)}
                          disabled={busy !== null}
                        >
                          {action.label}
                        </button>
                      ))}
                      <Link className="button button-secondary" to={`/tracking/${delivery.id}`}>
                        View Map
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="rider-side" aria-label="Your cooperative">
          <section className="card" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title">Quick Actions</h2>
            <div className="stack rider-quick-actions">
              <button type="button" className="button button-secondary" disabled aria-describedby="quick-actions-note">
                Go Online
              </button>
              <button type="button" className="button button-secondary" disabled aria-describedby="quick-actions-note">
                View Earnings
              </button>
              <button type="button" className="button button-secondary" disabled aria-describedby="quick-actions-note">
                Delivery History
              </button>
              <p id="quick-actions-note" className="muted rider-note">
                Coming soon.
              </p>
            </div>
          </section>

          <section className="card" aria-labelledby="week-title">
            <h2 id="week-title">This Week's Earnings</h2>
            <p className="rider-week-amount" data-testid="week-earnings">
              {formatPesos(earnings.week)}
            </p>
            <dl className="figure-list">
              <div>
                <dt>Deliveries this week</dt>
                <dd>{earnings.completedThisWeek}</dd>
              </div>
              <div>
                <dt>Your share</dt>
                <dd>{RIDER_SHARE_PERCENT}%</dd>
              </div>
              <div>
                <dt>Cooperative share ({COOP_SHARE_PERCENT}%)</dt>
                <dd>{formatPesos(earnings.weekCoopShare)}</dd>
              </div>
            </dl>
          </section>

          <section className="card" aria-labelledby="performance-title">
            <h2 id="performance-title">Performance</h2>
            <dl className="figure-list">
              {FIXED_PERFORMANCE.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </aside>
      </div>

      <section className="card rider-history" id="delivery-history" aria-labelledby="history-title">
        <h2 id="history-title">Recent Delivery History</h2>
        {history.length === 0 ? (
          <p className="muted">No completed deliveries yet</p>
        ) : (
          <div className="rider-table-scroll" role="region" aria-labelledby="history-title" tabIndex={0}>
            <table className="rider-table">
              <thead>
                <tr>
                  <th scope="col">Order ID</th>
                  <th scope="col">Route</th>
                  <th scope="col">Date &amp; Time</th>
                  <th scope="col">Status</th>
                  <th scope="col">Earnings</th>
                </tr>
              </thead>
              <tbody>
                {history.map((delivery) => (
                  <tr key={delivery.id} data-delivery-id={delivery.id}>
                    <td>#{deliveryIdTail(delivery.id)}</td>
                    <td>
                      {delivery.pickupCity} → {delivery.dropoffCity}
                    </td>
                    <td>
                      <time dateTime={delivery.deliveredAt ?? delivery.createdAt}>
                        {formatManilaDateTime(delivery.deliveredAt ?? delivery.createdAt)}
                      </time>
                    </td>
                    <td>
                      <StatusBadge status={delivery.status} />
                    </td>
                    <td>{formatPesos(delivery.riderEarnings)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

function StatCard({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="card rider-stat" data-testid={testId}>
      <p className="rider-stat-label">{label}</p>
      <p className="rider-stat-value">{value}</p>
      {note ? <p className="rider-stat-note muted">{note}</p> : null}
    </div>
  );
}

function DeliverySummary({ delivery, showStatus = false }: { delivery: DeliveryView; showStatus?: boolean }) {
  return (
    <>
      <div className="rider-item-head">
        {showStatus ? <StatusBadge status={delivery.status} /> : null}
        <span className="rider-id">#{deliveryIdTail(delivery.id)}</span>
        <span className="rider-package muted">
          {delivery.packageDescription}
          {delivery.isFragile ? " · Fragile" : ""}
        </span>
      </div>
      <p className="rider-route">
        <span className="rider-route-label">Pickup</span> {delivery.pickupAddress}, {delivery.pickupCity}
      </p>
      <p className="rider-route">
        <span className="rider-route-label">Dropoff</span> {delivery.dropoffAddress}, {delivery.dropoffCity}
      </p>
    </>
  );
}
