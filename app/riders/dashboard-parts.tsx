import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { riderActions, type RiderAction } from "~/deliveries/state-machine";
import { formatPesos } from "~/money/money";
import { collectionText } from "~/payments/payment-text";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import { JobStepDialog } from "./job-step-dialog";
import { nextJobStep, sendJobStep, type HandoverAnswer } from "./job-steps";

/** The rider dashboard's pieces (spec section 4, Rider Dashboard), kept out of the route file. */

export function StatCard({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="card rider-stat" data-testid={testId}>
      <p className="rider-stat-label">{label}</p>
      <p className="rider-stat-value">{value}</p>
      {note ? <p className="rider-stat-note muted">{note}</p> : null}
    </div>
  );
}

export function DeliverySummary({ delivery, showStatus = false }: { delivery: DeliveryView; showStatus?: boolean }) {
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
      <p className={`rider-collect${delivery.payment.method === "cash" && delivery.amountDue > 0 ? " is-cash" : ""}`} data-testid="rider-collect">
        {collectionText(delivery.payment, delivery.amountDue)}
      </p>
    </>
  );
}

/** One delivery under way: its steps, the map, and (while assigned) "Can't make it" behind a confirmation. */
export function ActiveDeliveryItem({
  delivery,
  busy,
  onStep,
  onRelease,
  notice,
  onDelivered,
}: {
  delivery: DeliveryView;
  busy: boolean;
  /** Shown under the delivery, e.g. "Waiting for signal" for actions kept on the phone. */
  notice?: ReactNode;
  onStep: (action: RiderAction, handover?: HandoverAnswer) => void;
  onRelease: () => void;
  onDelivered: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const deliverStep = nextJobStep("in_transit", true)!;
  // Mark Delivered asks for the recipient's handover code here too (the job screen's dialog and call).
  async function deliver(handover?: HandoverAnswer) {
    const deliverAction = riderActions(delivery.status).find((action) => action.status === "delivered");
    // Without signal the step waits on the phone (app/offline/) with its code; with signal the
    // dialog stays open to show a wrong code's tries left.
    if (deliverAction && !navigator.onLine) return onStep(deliverAction, handover);
    await sendJobStep(delivery.id, deliverStep, handover);
    toast({ title: "Delivery status updated successfully!" });
    onDelivered();
  }
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} showStatus />
      <p className="rider-meta muted">
        Pickup contact: <a href={`tel:${delivery.pickupPhone}`}>{delivery.pickupPhone}</a> · Dropoff contact:{" "}
        <a href={`tel:${delivery.dropoffPhone}`}>{delivery.dropoffPhone}</a>
      </p>
      {notice}
      <div className="row rider-actions">
        {riderActions(delivery.status).map((action) => (
          <button
            key={action.status}
            type="button"
            className="button"
            onClick={() => (action.status === "delivered" ? setDelivering(true) : onStep(action))}
            disabled={busy}
          >
            {action.label}
          </button>
        ))}
        <Link className="button" to={`/rider/jobs/${delivery.id}`}>
          Open Job
        </Link>
        <Link className="button button-secondary" to={`/tracking/${delivery.id}`}>
          View Map
        </Link>
        {delivery.status === "assigned" && !confirming ? (
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)} disabled={busy}>
            Can't make it
          </button>
        ) : null}
      </div>
      {delivering ? <JobStepDialog step={deliverStep} open={delivering} onClose={() => setDelivering(false)} onConfirm={deliver} /> : null}
      {delivery.status === "assigned" && confirming ? (
        <div className="rider-confirm" role="group" aria-label="Give this delivery back?">
          <p>Give this delivery back? It goes back to the available list for other riders, and counts as a release in your acceptance rate.</p>
          <div className="row">
            <button type="button" className="button button-danger" onClick={onRelease} disabled={busy}>
              Yes, release it
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} autoFocus>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

type HistoryItem = DeliveryView & { riderEarnings: number };

export function RecentHistory({ history }: { history: HistoryItem[] }) {
  return (
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
                    <time dateTime={delivery.deliveredAt ?? delivery.createdAt}>{formatManilaDateTime(delivery.deliveredAt ?? delivery.createdAt)}</time>
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
  );
}

/** Quick Actions: Go Online / Go Offline, View Earnings, Delivery History; says which state the rider is in. */
export function QuickActions({ online, switching, onToggle }: { online: boolean; switching: boolean; onToggle: () => void }) {
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick Actions</h2>
      <p className={online ? "rider-online-state is-online" : "rider-online-state"} role="status" data-testid="online-state">
        {online ? "You are online: you see and can accept available deliveries." : "You are offline: go online to see and accept deliveries."}
      </p>
      <div className="stack rider-quick-actions">
        <button type="button" className={online ? "button button-secondary" : "button"} onClick={onToggle} disabled={switching}>
          {switching ? "Saving..." : online ? "Go Offline" : "Go Online"}
        </button>
        <Link className="button button-secondary" to="/rider/earnings">
          View Earnings
        </Link>
        <Link className="button button-secondary" to="/rider/history">
          Delivery History
        </Link>
      </div>
    </section>
  );
}

/** What a suspended rider sees instead of the dashboard: the reason, and what it means. */
export function SuspendedNotice({ message }: { message: string }) {
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
