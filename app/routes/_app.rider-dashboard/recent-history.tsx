import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/i18n/manila";
import { useT } from "~/i18n/i18n";

/** The rider dashboard's recent deliveries: each with its route, time, status and what the rider earned (stacked rows on a phone). */
/** A delivered delivery with the rider's share of its fee (the dashboard's Recent History). */
export type HistoryItem = DeliveryView & { riderEarnings: number };

export function RecentHistory({ history }: { history: HistoryItem[] }) {
  const t = useT();
  return (
    <section className="card rider-history" id="delivery-history" aria-labelledby="history-title">
      <h2 id="history-title">{t("rider.recent.title")}</h2>
      {history.length === 0 ? (
        <p className="muted">{t("rider.recent.none")}</p>
      ) : (
        <div className="rider-table-scroll">
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
                  <td data-label={t("rider.recent.orderId")}>#{deliveryIdTail(delivery.id)}</td>
                  <td data-label={t("rider.recent.route")}>
                    {delivery.pickupCity} → {delivery.dropoffCity}
                  </td>
                  <td data-label={t("rider.recent.dateTime")}>
                    <time dateTime={delivery.deliveredAt ?? delivery.createdAt}>
                      {formatManilaDateTime(delivery.deliveredAt ?? delivery.createdAt)}
                    </time>
                  </td>
                  <td data-label={t("rider.recent.status")}>
                    <StatusBadge status={delivery.status} />
                  </td>
                  <td data-label={t("rider.recent.earnings")} className="rider-amount">
                    {formatPesos(delivery.riderEarnings)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
