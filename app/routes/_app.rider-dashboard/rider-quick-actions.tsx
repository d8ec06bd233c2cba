import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";
import { StepButtonForm } from "~/riders/rider-step-forms";

/**
 * The rider's state and its switch: the line that says it, then Go Online or Go Offline (a form
 * posting to the dashboard). Offline, it is the Available Deliveries card's notice, so the button
 * stands under the words that ask for it; online, it sits in Quick Actions.
 */
export function AvailabilitySwitch({ online }: { online: boolean }) {
  const t = useT();
  return (
    <div className="stack rider-availability">
      <p
        className={online ? "rider-online-state is-online" : "rider-online-state"}
        role="status"
        data-testid="online-state"
      >
        {online ? t("rider.quick.online") : t("rider.available.offline")}
      </p>
      <StepButtonForm
        intent="availability"
        fields={{ online: String(!online) }}
        label={online ? t("rider.quick.goOffline") : t("rider.quick.goOnline")}
        busyLabel={t("rider.quick.saving")}
        className={online ? "button button-secondary" : "button"}
        fetcher={false}
      />
    </div>
  );
}

/** Quick Actions: Go Offline (while online; offline, Go Online is in Available Deliveries), View Earnings, Delivery History. */
export function RiderQuickActions({ online }: { online: boolean }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">{t("rider.quick.title")}</h2>
      <div className="stack rider-quick-actions">
        {online ? <AvailabilitySwitch online /> : null}
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
