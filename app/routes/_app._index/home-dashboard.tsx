import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Role } from "~/db/enums";
import { useUser } from "~/auth/use-user";
import { CustomerRecent } from "./customer-recent";
import type { HomeFigures } from "./route.server";
import { useT } from "~/i18n/i18n";

const SUBTITLES = {
  user: "home.subtitle.user",
  rider: "home.subtitle.rider",
  admin: "home.subtitle.admin",
} as const satisfies Record<Role, string>;

/** The signed-in home. */
export default function HomeDashboard(figures: HomeFigures) {
  const { trackingLink, rider, admin } = figures;
  const user = useUser();
  const t = useT();
  return (
    <main className="page stack-lg">
      <section>
        <h1>{t("home.welcome", { name: user.firstName || user.email })}</h1>
        <p className="muted">{t(SUBTITLES[user.role])}</p>
      </section>

      <section className="grid grid-3" aria-label={t("home.quickLinks")}>
        <ActionCard to="/booking" title={t("home.book.title")} text={t("home.book.text")} />
        <ActionCard to={trackingLink ?? undefined} title={t("home.track.title")} text={t("home.track.text")} />
        {user.role === "rider" ? (
          <ActionCard to="/rider-dashboard" title={t("home.rider.title")} text={t("home.rider.text")} />
        ) : null}
        {user.role === "admin" ? (
          <ActionCard to="/admin" title={t("home.admin.title")} text={t("home.admin.text")} />
        ) : null}
      </section>

      {rider ? (
        <section className="grid grid-2" aria-label={t("home.today")}>
          <Figure label={t("home.rider.todayEarnings")} value={rider.todayEarnings} />
          <Figure label={t("home.rider.available")} value={String(rider.availableCount)} />
        </section>
      ) : null}

      {admin ? (
        <section className="grid grid-3" aria-label={t("home.today")}>
          <Figure label={t("home.admin.todayDeliveries")} value={String(admin.todayDeliveries)} />
          <Figure label={t("home.admin.activeRiders")} value={String(admin.activeRiders)} />
          <Figure label={t("home.admin.todayRevenue")} value={admin.todayRevenue} />
        </section>
      ) : null}

      {user.role === "user" && "recent" in figures && figures.recent ? (
        <CustomerRecent recent={figures.recent} userId={user.id} />
      ) : null}

      <section className="card coop-panel" aria-labelledby="coop-heading">
        <h2 id="coop-heading">{t("home.coop.heading")}</h2>
        <p>{t("home.coop.lead")}</p>
        <ul className="coop-split">
          <li>
            <strong>85%</strong> {t("home.coop.rider")}
          </li>
          <li>
            <strong>10%</strong> {t("home.coop.operations")}
          </li>
          <li>
            <strong>5%</strong> {t("home.coop.benefits")}
          </li>
        </ul>
      </section>
    </main>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="card">
      <p className="muted figure-label">{label}</p>
      <p className="figure-value">{value}</p>
    </div>
  );
}

function ActionCard({ to, title, text }: { to?: string; title: string; text: ReactNode }) {
  const body = (
    <>
      <h2 className="card-title">{title}</h2>
      <p className="muted">{text}</p>
    </>
  );
  return to ? (
    <Link to={to} className="card action-card">
      {body}
    </Link>
  ) : (
    <div className="card action-card">{body}</div>
  );
}
