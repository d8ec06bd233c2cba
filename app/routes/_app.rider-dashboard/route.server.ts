import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/role-page.server";
import { getDb } from "~/db/client.server";
import { toDeliveryView, type DeliveryView } from "~/deliveries/delivery-view";
import {
  listActiveRiderDeliveries,
  listAvailableDeliveries,
  listRecentDelivered,
} from "~/deliveries/rider-lists.server";
import { riderEarnings } from "~/ledger/earnings.server";
import type { FiguresView } from "~/ledger/figures-format";
import { riderFigures } from "~/ledger/rider-figures.server";
import { languageOf, messagesFor, translate, translateMessage } from "~/i18n/i18n.server";
import { riderPart } from "~/money/fee-split";
import { peakAt, type OpenPeak } from "~/pricing/peak";
import { peakClock } from "~/pricing/peak-clock.server";
import { settingsInForce } from "~/settings/settings.server";
import type { AvailableItem } from "./available-delivery-item";
import { touchRider } from "~/riders/availability.server";
import type { Membership } from "~/riders/membership";
import { riderDeliveryAction } from "~/riders/rider-own-actions.server";
import type { HistoryItem } from "./recent-history";
import { memberships } from "~/riders/rider-memberships.server";
import { isSuspendedRider, suspensionMessage } from "~/auth/suspension";
import type { WeekEarnings } from "./week-card";

export interface DashboardData {
  available: AvailableItem[];
  active: DeliveryView[];
  history: HistoryItem[];
  earnings: WeekEarnings & { today: number; completedToday: number };
  figures: FiguresView;
  online: boolean;
  membership: Membership;
  /** The peak window open now (Manila clock, co-op settings), or null: "Peak hours: +₱50 per delivery until 13:00". */
  peak: OpenPeak | null;
}

/** The Rider Dashboard's data (`/rider-dashboard`; the route re-exports it, decision 0197). */
export async function riderDashboardLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "rider");
  const language = languageOf(request, user);
  const words = {
    i18n: messagesFor(language, ["rider", "server.deliveries", "server.tracking", "server.auth", "server.riders"]),
    title: translate(language, "rider.meta.dashboard"),
  };
  // Suspended: no rider data at all, only the reason (app/auth/suspension.ts).
  if (isSuspendedRider(user)) {
    return data(
      {
        dashboard: null,
        suspension: translateMessage(language, suspensionMessage(user.riderSuspensionReason)),
        ...words,
      },
      { status: 403 },
    );
  }
  const db = getDb(env.DB);
  const now = Date.now();
  // Offline riders see no available deliveries (docs/guide/people-and-access.md).
  const [available, active, history, earnings, figures, standing, { settings }] = await Promise.all([
    user.riderOnline ? listAvailableDeliveries(db, user) : [],
    listActiveRiderDeliveries(db, user.id),
    listRecentDelivered(db, user.id),
    riderEarnings(db, user.id, now),
    riderFigures(env.DB, user.id, now),
    memberships(env.DB, [user], now),
    settingsInForce(env.DB, now),
    touchRider(db, user.id, now),
  ]);
  const dashboard: DashboardData = {
    available: available.map(({ delivery, distanceFromRider }) => ({ ...toDeliveryView(delivery), distanceFromRider })),
    active: active.map((delivery) => toDeliveryView(delivery)),
    history: history.map((delivery) => ({
      ...toDeliveryView(delivery),
      riderEarnings: riderPart(delivery.totalFee, delivery.peakSurcharge),
    })),
    earnings,
    figures,
    online: user.riderOnline,
    membership: standing.get(user.id)!,
    peak: peakAt(peakClock(env, now), settings.peakHours),
  };
  return { dashboard, ...words };
}

/** The dashboard's forms: Go Online/Offline, Accept, a step, Can't make it (rider-own-actions.server.ts). */
export const riderDashboardAction = (args: ActionFunctionArgs) =>
  riderDeliveryAction(args, { back: "/rider-dashboard" });
