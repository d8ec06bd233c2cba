import { Link } from "@remix-run/react";
import { useId } from "react";
import { useT } from "~/i18n/i18n";

/** The dashboard's Quick Actions: those with a page link to it; the rest are shown, disabled, and said so. */
const QUICK_ACTIONS = ["riders", "reports", "partners", "idDiscounts", "settings"] as const;
const QUICK_ACTION_PAGES: Record<(typeof QUICK_ACTIONS)[number], string | undefined> = {
  riders: "/admin/riders",
  partners: "/admin/partners",
  idDiscounts: "/admin/id-discounts",
  reports: "/admin/reports",
  settings: "/admin/settings",
};

export function AdminQuickActions() {
  const id = useId();
  const t = useT();
  return (
    <section className="card admin-card">
      <h2>{t("admin.quick.heading")}</h2>
      <div className="admin-actions">
        {QUICK_ACTIONS.map((action) => {
          const to = QUICK_ACTION_PAGES[action];
          return to ? (
            <Link key={action} to={to} className="button button-secondary">
              {t(`admin.quick.${action}`)}
            </Link>
          ) : (
            <button
              key={action}
              type="button"
              className="button button-secondary"
              disabled
              aria-describedby={`${id}-note`}
            >
              {t(`admin.quick.${action}`)}
            </button>
          );
        })}
      </div>
      <p>
        <Link to="/admin/cashouts">{t("admin.quick.cashouts")}</Link>
      </p>
      <p>
        <Link to="/admin/claims">{t("admin.quick.claims")}</Link>
      </p>
      <p>
        <Link to="/admin/setup">{t("admin.quick.setup")}</Link>
      </p>
      {QUICK_ACTIONS.some((action) => !QUICK_ACTION_PAGES[action]) ? (
        <p id={`${id}-note`} className="muted admin-note">
          {t("admin.quick.comingSoon")}
        </p>
      ) : null}
    </section>
  );
}
