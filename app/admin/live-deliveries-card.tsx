import { useId, useRef, type KeyboardEvent } from "react";
import { LIVE_COUNT_KEYS, LIVE_DELIVERIES_SHOWN, LIVE_FILTERS, type LiveCounts, type LiveFilter } from "./live-deliveries";
import { fullName } from "./figure-cards";
import { DeliveryControls } from "./delivery-controls";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { useLanguage, useT } from "~/i18n/i18n";
import { formatRelativeTime } from "~/time/relative-time";
import { formatPesoAmount } from "~/money/money";
import { useAboutText } from "~/tracking/live-text";

/** The admin dashboard's Live Deliveries card (spec section 4): filter tabs with counts, and each delivery with its controls. */
export interface LiveList {
  deliveries: DeliveryView[];
  counts: LiveCounts;
}


export function LiveDeliveries({
  live,
  filter,
  onFilter,
  autoRefresh,
  onAutoRefresh,
  now,
  onChanged,
}: {
  live: LiveList;
  filter: LiveFilter;
  onFilter: (filter: LiveFilter) => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  now: number;
  onChanged: () => void;
}) {
  const id = useId();
  const t = useT();
  const tabRefs = useRef<Partial<Record<LiveFilter, HTMLButtonElement | null>>>({});

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LIVE_FILTERS.indexOf(filter);
    const target =
      event.key === "ArrowRight"
        ? LIVE_FILTERS[(index + 1) % LIVE_FILTERS.length]
        : event.key === "ArrowLeft"
          ? LIVE_FILTERS[(index + LIVE_FILTERS.length - 1) % LIVE_FILTERS.length]
          : event.key === "Home"
            ? LIVE_FILTERS[0]
            : event.key === "End"
              ? LIVE_FILTERS[LIVE_FILTERS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    onFilter(target);
    tabRefs.current[target]?.focus();
  };

  const shown = live.deliveries.slice(0, LIVE_DELIVERIES_SHOWN);
  return (
    <section className="card admin-live" aria-labelledby={`${id}-heading`}>
      <div className="admin-live-head">
        <h2 id={`${id}-heading`}>{t("admin.live.heading")}</h2>
        <label className="admin-switch">
          <input type="checkbox" role="switch" checked={autoRefresh} onChange={(event) => onAutoRefresh(event.target.checked)} />
          <span className="admin-switch-track" aria-hidden="true" />
          <span>{t("admin.live.autoRefresh")}</span>
        </label>
      </div>
      <div role="tablist" aria-label={t("admin.live.filterLabel")} className="admin-tabs">
        {LIVE_FILTERS.map((f) => (
          <button
            key={f}
            ref={(el) => {
              tabRefs.current[f] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${f}`}
            aria-selected={f === filter}
            aria-controls={`${id}-panel`}
            tabIndex={f === filter ? 0 : -1}
            data-filter={f}
            className="admin-tab"
            onClick={() => onFilter(f)}
            onKeyDown={onTabKey}
          >
            {t(`admin.live.filter.${f}`)} <span className="admin-tab-count">{live.counts[LIVE_COUNT_KEYS[f]]}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${filter}`} className="admin-live-scroll" tabIndex={0}>
        {shown.length === 0 ? (
          <p className="muted admin-empty">{t("admin.live.empty")}</p>
        ) : (
          <ul className="admin-live-list">
            {shown.map((delivery) => (
              <LiveItem key={delivery.id} delivery={delivery} now={now} onChanged={onChanged} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const PICKED_UP: DeliveryView["status"][] = ["picked_up", "in_transit", "delivered"];

function LiveItem({ delivery, now, onChanged }: { delivery: DeliveryView; now: number; onChanged: () => void }) {
  const t = useT();
  const about = useAboutText();
  const language = useLanguage();
  const pickup = `${delivery.pickupAddress}, ${delivery.pickupCity}`;
  const pickedUp = PICKED_UP.includes(delivery.status);
  return (
    <li className="admin-live-item" data-testid="live-item" data-delivery-id={delivery.id}>
      <div className="admin-live-row">
        <span className="admin-live-id">{`#${deliveryIdTail(delivery.id)}`}</span>
        <StatusBadge status={delivery.status} />
        <span className="admin-live-fee money">{formatPesoAmount(delivery.totalFee)}</span>
      </div>
      <div className="admin-live-meta muted">
        {delivery.rider ? <span className="admin-live-rider">{fullName(delivery.rider, t("admin.unnamedRider"))}</span> : null}
        <span>{formatRelativeTime(language, delivery.createdAt, now)}</span>
        {delivery.distance ? <span>{about(`${delivery.distance} km`, delivery.approximate)}</span> : null}
      </div>
      <p className="admin-live-line" data-testid="pickup-line">
        <span className="admin-live-label">{t("admin.live.pickup")}</span> {pickedUp ? <s>{pickup}</s> : pickup}
      </p>
      <p className="admin-live-line">
        <span className="admin-live-label">{t("admin.live.dropoff")}</span> {delivery.dropoffAddress}, {delivery.dropoffCity}
      </p>
      <DeliveryControls delivery={delivery} onChanged={onChanged} />
    </li>
  );
}
