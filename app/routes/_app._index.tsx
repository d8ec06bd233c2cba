import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { newestActiveDeliveryId } from "~/deliveries/deliveries.server";
import { countAvailableDeliveries } from "~/deliveries/rider-operations.server";
import { riderEarnings } from "~/earnings/earnings.server";
import { adminStats } from "~/admin/stats.server";
import { formatPesos, pesosToCentavos } from "~/money/money";
import type { ReactNode } from "react";
import type { Role } from "~/db/schema";
import { useUser } from "./_app";

export const meta: MetaFunction = ({ matches }) => {
  const signedIn = Boolean((matches.find((m) => m.id === "routes/_app")?.data as { user?: unknown } | undefined)?.user);
  if (signedIn) {
    return [{ title: "Home · Hatid" }, { name: "description", content: "Book deliveries, track orders and see the cooperative at work." }];
  }
  return [
    { title: "Hatid · Rider-owned delivery cooperative" },
    {
      name: "description",
      content: "Book package and food deliveries across the Philippines with riders who own the cooperative.",
    },
  ];
};

const SUBTITLES: Record<Role, string> = {
  user: "Book deliveries and track orders",
  rider: "Accept deliveries and earn money",
  admin: "Manage the platform and monitor operations",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  if (!user) return { trackingLink: null, rider: null, admin: null };
  const db = getDb(env.DB);
  const activeId = await newestActiveDeliveryId(db, user.id);
  const trackingLink = activeId ? `/tracking/${activeId}` : "/booking#recent-bookings";
  if (user.role === "admin") {
    const stats = await adminStats(env.DB);
    return {
      trackingLink,
      rider: null,
      admin: {
        todayDeliveries: stats.todayDeliveries,
        activeRiders: stats.activeRiders,
        todayRevenue: formatPesos(pesosToCentavos(stats.todayRevenue)),
      },
    };
  }
  if (user.role !== "rider") return { trackingLink, rider: null, admin: null };
  const [earnings, availableCount] = await Promise.all([riderEarnings(db, user.id, Date.now()), countAvailableDeliveries(db, user.id)]);
  return { trackingLink, rider: { todayEarnings: formatPesos(earnings.today), availableCount }, admin: null };
}

/** The signed-in home (spec section 2, Home dashboard). */
export default function Home() {
  const user = useUser();
  const { trackingLink, rider, admin } = useLoaderData<typeof loader>();
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

      {user.role === "user" ? (
        <section className="card" aria-labelledby="recent-activity-heading">
          <h2 id="recent-activity-heading">Recent Activity</h2>
          <p className="muted">Your bookings and their status appear on the booking page.</p>
          <Link to="/booking" className="button">
            Book Your First Delivery
          </Link>
        </section>
      ) : null}

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
