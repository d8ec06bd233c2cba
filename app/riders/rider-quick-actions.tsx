import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";

/** Quick Actions: Go Online / Go Offline, View Earnings, Delivery History; says which state the rider is in. */
export function RiderQuickActions({ online, switching, onToggle }: { online: boolean; switching: boolean; onToggle: () => void }) {
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
