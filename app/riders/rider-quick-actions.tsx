import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";
import { StepButtonForm } from "./rider-step-forms";

/** Quick Actions: Go Online / Go Offline (a form posting to the dashboard), View Earnings, Delivery History; says which state the rider is in. */
export function RiderQuickActions({ online }: { online: boolean }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">{t("rider.quick.title")}</h2>
      <p className={online ? "rider-online-state is-online" : "rider-online-state"} role="status" data-testid="online-state">
        {online ? t("rider.quick.online") : t("rider.quick.offline")}
      </p>
      <div className="stack rider-quick-actions">
        <StepButtonForm
          intent="availability"
          fields={{ online: String(!online) }}
          label={online ? t("rider.quick.goOffline") : t("rider.quick.goOnline")}
          busyLabel={t("rider.quick.saving")}
          className={online ? "button button-secondary" : "button"}
          fetcher={false}
        />
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
