import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSessionUser } from "~/auth/session.server";
import { adminStats } from "~/admin/stats.server";
import type { User } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { newestActiveDeliveryId, pageCustomerDeliveries } from "~/deliveries/deliveries.server";
import type { DeliveryStatus } from "~/db/schema";
import { countAvailableDeliveries } from "~/deliveries/rider-lists.server";
import { riderEarnings } from "~/ledger/earnings.server";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { formatPesoAmount, formatPesos } from "~/money/money";

export const HOME_RECENT_SHOWN = 5;

/** One of the customer's newest bookings on the home page. */
export interface CustomerRecentBooking {
  id: string;
  status: DeliveryStatus;
  pickupCity: string;
  dropoffCity: string;
}

/** The signed-in home's figures: where Track goes, the rider's and the admin's day. */
export async function homeFigures(env: Env, user: User) {
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
        todayRevenue: formatPesoAmount(stats.todayRevenue),
      },
    };
  }
  if (user.role !== "rider") {
    const page = await pageCustomerDeliveries(db, user.id, { limit: HOME_RECENT_SHOWN, cursor: null });
    const recent: CustomerRecentBooking[] = page.items.map((delivery) => ({
      id: delivery.id,
      status: delivery.status,
      pickupCity: delivery.pickupCity,
      dropoffCity: delivery.dropoffCity,
    }));
    return { trackingLink, rider: null, admin: null, recent };
  }
  const [earnings, availableCount] = await Promise.all([
    riderEarnings(db, user.id, Date.now()),
    countAvailableDeliveries(db, user.id),
  ]);
  return { trackingLink, rider: { todayEarnings: formatPesos(earnings.today), availableCount }, admin: null };
}

export type HomeFigures = Awaited<ReturnType<typeof homeFigures>>;

/** `/`: the signed-in home's figures and messages; null for a visitor (the layout shows the landing page). */
export async function homePageLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  return user ? { ...(await homeFigures(env, user)), i18n: messagesFor(languageOf(request, user), ["home"]) } : null;
}
