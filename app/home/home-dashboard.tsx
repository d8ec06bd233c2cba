import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Role } from "~/db/enums";
import { useUser } from "~/routes/_app";
import { CustomerRecent } from "./customer-recent";
import type { HomeFigures } from "./home.server";

const SUBTITLES: Record<Role, string> = {
  user: "Book deliveries and track orders",
  rider: "Accept deliveries and earn money",
  admin: "Manage the platform and monitor operations",
};

/** The signed-in home (spec section 2, Home dashboard). */
export default function HomeDashboard(figures: HomeFigures) {
  const { trackingLink, rider, admin } = figures;
  const user = useUser();
  return (
    <main className="page stack-lg">
      <section>
        <h1>Welcome, {user.firstName || user.email}!</h1>
        <p className="muted">{SUBTITLES[user.role]}</p>
      </section>

      <section className="grid grid-3" aria-label="Quick links">
        <ActionCard to="/booking" title="Book Delivery" text="Send packages, documents or food anywhere in the city." />
        <ActionCard
          to={trackingLink ?? undefined}
          title="Track Deliveries"
          text="Follow your rider live on the map once your delivery is on its way."
        />
        {user.role === "rider" ? (
          <ActionCard to="/rider-dashboard" title="Rider Dashboard" text="See available jobs, your active deliveries and your earnings." />
        ) : null}
        {user.role === "admin" ? (
          <ActionCard to="/admin" title="Admin Panel" text="Watch live operations and the cooperative fund." />
        ) : null}
      </section>

      {rider ? (
        <section className="grid grid-2" aria-label="Today at a glance">
          <Figure label="Today's Earnings" value={rider.todayEarnings} />
          <Figure label="Available Deliveries" value={String(rider.availableCount)} />
        </section>
      ) : null}

      {admin ? (
        <section className="grid grid-3" aria-label="Today at a glance">
          <Figure label="Total Deliveries Today" value={String(admin.todayDeliveries)} />
          <Figure label="Active Riders" value={String(admin.activeRiders)} />
          <Figure label="Revenue Today" value={admin.todayRevenue} />
        </section>
      ) : null}

      {user.role === "user" && "recent" in figures && figures.recent ? <CustomerRecent recent={figures.recent} userId={user.id} /> : null}

      <section className="card coop-panel" aria-labelledby="coop-heading">
        <h2 id="coop-heading">Cooperative Benefits</h2>
        <p>Hatid is owned by its riders. Every delivery fee is shared:</p>
        <ul className="coop-split">
          <li>
            <strong>85%</strong> to the rider
          </li>
          <li>
            <strong>10%</strong> to operations
          </li>
          <li>
            <strong>5%</strong> to the member benefits fund: health insurance, emergencies, training and equipment
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
