import { Link } from "@remix-run/react";
import { useId } from "react";
import {
  LIVE_COUNT_KEYS,
  LIVE_DELIVERIES_SHOWN,
  LIVE_FILTERS,
  type LiveCounts,
  type LiveFilter,
} from "~/admin/live-deliveries";
import { fullName } from "~/admin/figure-cards";
import { DeliveryControls, type AssignableRider } from "./delivery-controls";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { useLanguage, useT } from "~/i18n/i18n";
import { formatRelativeTime } from "~/i18n/relative-time";
import { formatPesoAmount } from "~/money/money";
import { useAboutText } from "~/tracking/live-text";

/** The admin dashboard's Live Deliveries card: filter tabs with counts, and each delivery with its controls. */
export interface LiveList {
  deliveries: DeliveryView[];
  counts: LiveCounts;
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: string | null;
}

const filterPath = (filter: LiveFilter) => (filter === "all" ? "/admin" : `/admin?filter=${filter}`);

export function LiveDeliveries({
  live,
  filter,
  olderPage,
  autoRefresh,
  onAutoRefresh,
  now,
  riders,
  formKey,
}: {
  live: LiveList;
  filter: LiveFilter;
  /** Showing a page after the first ("Older deliveries" was followed). */
  olderPage: boolean;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  now: number;
  riders: AssignableRider[];
  formKey: string;
}) {
  const id = useId();
  const t = useT();
  const shown = live.deliveries.slice(0, LIVE_DELIVERIES_SHOWN);
  return (
    <section className="card admin-live" id="live-deliveries" aria-labelledby={`${id}-heading`}>
      <div className="admin-live-head">
        <h2 id={`${id}-heading`}>{t("admin.live.heading")}</h2>
        <label className="admin-switch">
          <input
            type="checkbox"
            role="switch"
            checked={autoRefresh}
            onChange={(event) => onAutoRefresh(event.target.checked)}
          />
          <span className="admin-switch-track" aria-hidden="true" />
          <span>{t("admin.live.autoRefresh")}</span>
        </label>
      </div>
      {/* The filters are links (?filter=): the server renders each list, with or without JavaScript. */}
      <nav aria-label={t("admin.live.filterLabel")} className="admin-tabs">
        {LIVE_FILTERS.map((f) => (
          <Link
            key={f}
            to={filterPath(f)}
            data-filter={f}
            className="admin-tab"
            aria-current={f === filter ? "page" : undefined}
            preventScrollReset
            replace
          >
            {t(`admin.live.filter.${f}`)} <span className="admin-tab-count">{live.counts[LIVE_COUNT_KEYS[f]]}</span>
          </Link>
        ))}
      </nav>
      <div className="admin-live-scroll" data-filter-shown={filter}>
        {shown.length === 0 ? (
          <p className="muted admin-empty">{t("admin.live.empty")}</p>
        ) : (
          <ul className="admin-live-list">
            {shown.map((delivery) => (
              <LiveItem key={delivery.id} delivery={delivery} now={now} riders={riders} formKey={formKey} />
            ))}
          </ul>
        )}
      </div>
      {/* The rest of the list, 10 at a time: links the server answers, with or without JavaScript. */}
      {olderPage || live.nextCursor ? (
        <p className="row admin-live-pages">
          {olderPage ? (
            <Link className="button button-secondary" to={`${filterPath(filter)}#live-deliveries`}>
              {t("admin.live.newest")}
            </Link>
          ) : null}
          {live.nextCursor ? (
            <Link
              className="button button-secondary"
              to={`${filterPath(filter)}${filter === "all" ? "?" : "&"}cursor=${encodeURIComponent(live.nextCursor)}#live-deliveries`}
            >
              {t("admin.live.older")}
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

const PICKED_UP: DeliveryView["status"][] = ["picked_up", "in_transit", "delivered"];

function LiveItem({
  delivery,
  now,
  riders,
  formKey,
}: {
  delivery: DeliveryView;
  now: number;
  riders: AssignableRider[];
  formKey: string;
}) {
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
        {delivery.rider ? (
          <span className="admin-live-rider">{fullName(delivery.rider, t("admin.unnamedRider"))}</span>
        ) : null}
        <span>{formatRelativeTime(language, delivery.createdAt, now)}</span>
        {delivery.distance ? <span>{about(`${delivery.distance} km`, delivery.approximate)}</span> : null}
      </div>
      <p className="admin-live-line" data-testid="pickup-line">
        <span className="admin-live-label">{t("admin.live.pickup")}</span> {pickedUp ? <s>{pickup}</s> : pickup}
      </p>
      <p className="admin-live-line">
        <span className="admin-live-label">{t("admin.live.dropoff")}</span> {delivery.dropoffAddress},{" "}
        {delivery.dropoffCity}
      </p>
      <DeliveryControls delivery={delivery} riders={riders} formKey={formKey} />
    </li>
  );
}
