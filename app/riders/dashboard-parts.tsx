import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { riderActions, type RiderAction } from "~/deliveries/state-machine";
import { formatPesoAmount, formatPesos, pesosToCentavos, type Pesos } from "~/money/money";
import { COOP_SHARE_PERCENT, RIDER_SHARE_PERCENT, riderPart } from "~/money/fee-split";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import { useT } from "~/i18n/i18n";
import { useAboutText, useDurationText } from "~/tracking/live-text";
import type { PaymentMethod, PaymentStatus } from "~/db/enums";
import { JobStepDialog } from "./job-step-dialog";
import { nextJobStep, sendJobStep, stepLabel, type HandoverAnswer } from "./job-steps";

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

type T = ReturnType<typeof useT>;

/** What the rider does about money on a job (app/payments/payment-text.ts's `collectionText`, in the page's language). */
export function collectionLine(t: T, payment: { method: PaymentMethod; status: PaymentStatus }, amountDuePesos: Pesos): string {
  if (payment.method === "cash") return amountDuePesos > 0 ? t("rider.collect.cash", { amount: formatPesoAmount(amountDuePesos) }) : t("rider.collect.nothing");
  if (payment.method === "invoice") return t("rider.collect.invoice");
  return payment.status === "not_required" ? t("rider.collect.nothing") : t("rider.collect.paidOnline");
}

export function DeliverySummary({ delivery, showStatus = false }: { delivery: DeliveryView; showStatus?: boolean }) {
  const t = useT();
  return (
    <>
      <div className="rider-item-head">
        {showStatus ? <StatusBadge status={delivery.status} /> : null}
        <span className="rider-id">#{deliveryIdTail(delivery.id)}</span>
        <span className="rider-package muted">
          {delivery.packageDescription}
          {delivery.isFragile ? ` · ${t("rider.summary.fragile")}` : ""}
        </span>
      </div>
      <p className="rider-route">
        <span className="rider-route-label">{t("rider.summary.pickup")}</span> {delivery.pickupAddress}, {delivery.pickupCity}
      </p>
      <p className="rider-route">
        <span className="rider-route-label">{t("rider.summary.dropoff")}</span> {delivery.dropoffAddress}, {delivery.dropoffCity}
      </p>
      <p className={`rider-collect${delivery.payment.method === "cash" && delivery.amountDue > 0 ? " is-cash" : ""}`} data-testid="rider-collect">
        {collectionLine(t, delivery.payment, delivery.amountDue)}
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
  const t = useT();
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
    toast({ title: t("rider.toast.updated") });
    onDelivered();
  }
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} showStatus />
      <p className="rider-meta muted">
        {t("rider.active.pickupContact")} <a href={`tel:${delivery.pickupPhone}`}>{delivery.pickupPhone}</a> · {t("rider.active.dropoffContact")}{" "}
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
            {stepLabel(t, action)}
          </button>
        ))}
        <Link className="button" to={`/rider/jobs/${delivery.id}`}>
          {t("rider.active.openJob")}
        </Link>
        <Link className="button button-secondary" to={`/tracking/${delivery.id}`}>
          {t("rider.active.viewMap")}
        </Link>
        {delivery.status === "assigned" && !confirming ? (
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)} disabled={busy}>
            {t("rider.release.button")}
          </button>
        ) : null}
      </div>
      {delivering ? <JobStepDialog step={deliverStep} open={delivering} onClose={() => setDelivering(false)} onConfirm={deliver} /> : null}
      {delivery.status === "assigned" && confirming ? (
        <div className="rider-confirm" role="group" aria-label={t("rider.release.question")}>
          <p>{t("rider.release.text")}</p>
          <div className="row">
            <button type="button" className="button button-danger" onClick={onRelease} disabled={busy}>
              {t("rider.release.yes")}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} autoFocus>
              {t("rider.release.keep")}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

type HistoryItem = DeliveryView & { riderEarnings: number };

export function RecentHistory({ history }: { history: HistoryItem[] }) {
  const t = useT();
  return (
    <section className="card rider-history" id="delivery-history" aria-labelledby="history-title">
      <h2 id="history-title">{t("rider.recent.title")}</h2>
      {history.length === 0 ? (
        <p className="muted">{t("rider.recent.none")}</p>
      ) : (
        <div className="rider-table-scroll" role="region" aria-labelledby="history-title" tabIndex={0}>
          <table className="rider-table">
            <thead>
              <tr>
                <th scope="col">{t("rider.recent.orderId")}</th>
                <th scope="col">{t("rider.recent.route")}</th>
                <th scope="col">{t("rider.recent.dateTime")}</th>
                <th scope="col">{t("rider.recent.status")}</th>
                <th scope="col">{t("rider.recent.earnings")}</th>
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
  const t = useT();
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">{t("rider.quick.title")}</h2>
      <p className={online ? "rider-online-state is-online" : "rider-online-state"} role="status" data-testid="online-state">
        {online ? t("rider.quick.online") : t("rider.quick.offline")}
      </p>
      <div className="stack rider-quick-actions">
        <button type="button" className={online ? "button button-secondary" : "button"} onClick={onToggle} disabled={switching}>
          {switching ? t("rider.quick.saving") : online ? t("rider.quick.goOffline") : t("rider.quick.goOnline")}
        </button>
        <Link className="button button-secondary" to="/rider/earnings">
          {t("rider.quick.viewEarnings")}
        </Link>
        <Link className="button button-secondary" to="/rider/history">
          {t("rider.quick.history")}
        </Link>
      </div>
    </section>
  );
}

/** What a suspended rider sees instead of the dashboard: the reason, and what it means. */
export function SuspendedNotice({ message }: { message: string }) {
  const t = useT();
  return (
    <main className="page narrow-page stack-lg">
      <h1>{t("rider.dashboard.title")}</h1>
      <section className="card stack" aria-labelledby="suspended-heading">
        <h2 id="suspended-heading">{t("rider.suspended.title")}</h2>
        <p className="notice" role="status">
          {message}
        </p>
        <p className="muted">{t("rider.suspended.text")}</p>
      </section>
    </main>
  );
}

export type AvailableItem = DeliveryView & { distanceFromRider: string | null };

/** What the rider earns for a delivery: 85% of the fee plus its whole peak-hours surcharge (decision 0183). */
const riderShareOf = (delivery: { totalFee: Pesos; peakSurcharge: Pesos }) =>
  formatPesos(riderPart(pesosToCentavos(delivery.totalFee), pesosToCentavos(delivery.peakSurcharge)));

/** A delivery waiting for a rider: where it goes, how far, what the rider earns, Accept. */
export function AvailableDeliveryItem({ delivery, busy, onAccept }: { delivery: AvailableItem; busy: string | null; onAccept: () => void }) {
  const t = useT();
  const duration = useDurationText();
  const about = useAboutText();
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} />
      <p className="rider-meta muted">
        {delivery.distanceFromRider !== null ? (
          <span>{about(t("rider.available.fromYou", { distance: delivery.distanceFromRider }), delivery.pickupApproximate)} · </span>
        ) : null}
        <span data-testid="available-trip">
          {about(t("rider.available.trip", { distance: delivery.distance }), delivery.approximate)} · {about(duration(delivery.estimatedDuration), delivery.approximate)}
        </span>
      </p>
      <div className="rider-item-foot">
        <p className="rider-earn">
          {t("rider.available.youEarn")} <strong>{riderShareOf(delivery)}</strong>{" "}
          <span className="muted">{t("rider.available.ofFee", { amount: formatPesoAmount(delivery.totalFee) })}</span>
        </p>
        <button type="button" className="button" onClick={onAccept} disabled={busy !== null}>
          {busy === delivery.id ? t("rider.available.accepting") : t("rider.step.accept")}
        </button>
      </div>
    </li>
  );
}

export interface WeekEarnings {
  week: number;
  weekCoopShare: number;
  completedThisWeek: number;
}

/** This week's earnings, the deliveries behind them and the shares. */
export function WeekCard({ earnings }: { earnings: WeekEarnings }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="week-title">
      <h2 id="week-title">{t("rider.week.title")}</h2>
      <p className="rider-week-amount" data-testid="week-earnings">
        {formatPesos(earnings.week)}
      </p>
      <dl className="figure-list">
        <div>
          <dt>{t("rider.week.deliveries")}</dt>
          <dd>{earnings.completedThisWeek}</dd>
        </div>
        <div>
          <dt>{t("rider.week.share")}</dt>
          <dd>{RIDER_SHARE_PERCENT}%</dd>
        </div>
        <div>
          <dt>{t("rider.week.coopShare", { percent: COOP_SHARE_PERCENT })}</dt>
          <dd>{formatPesos(earnings.weekCoopShare)}</dd>
        </div>
      </dl>
    </section>
  );
}
