import type { NewDelivery, PackageSize } from "~/db/schema";
import { cashoutNote } from "~/ledger/cashouts.server";
import { DAY, DEMO_ADMIN, HOUR, type DemoCity, type DemoDelivery, type DemoRider } from "./demo-delivery";

/**
 * The months before (31 to 120 days ago, decision 0212): Rico, Rosa, Mila and Nonoy delivered 330
 * each for Carla and Carlos, mostly paid online. They are what the member benefits fund grew from
 * (its 5% and ₱1 each, about ₱9,500), so it holds the README's claims; they are older than the 30 days
 * of the riders' figures and unrated, so the figures above stay as the recent work makes them.
 * Each rider settled those months at their end (historySettlements): the balances start from the
 * recent work alone.
 */
const HISTORY_RIDERS = [
  "demo-user-rico",
  "demo-user-rosa",
  "demo-user-mila",
  "demo-user-nonoy",
] as const satisfies readonly DemoRider[];
const HISTORY_PER_RIDER = 330;
const HISTORY_DAYS = 90;
const HISTORY_ENDS_DAYS_AGO = 30;
const HISTORY_PLACES: Record<DemoCity, [string, string]> = {
  "Makati, Metro Manila": ["12 Jupiter St, Bel-Air", "17 Legaspi St, Legaspi Village"],
  "Mandaluyong, Metro Manila": ["8 Shaw Blvd, Wack-Wack", "60 Boni Ave, Plainview"],
  "Manila, Metro Manila": ["3 Escolta St, Binondo", "2 Padre Faura St, Ermita"],
  "Pasay, Metro Manila": ["EDSA cor. Taft Ave", "6 Aguirre Ave, BF Homes"],
  "Pasig, Metro Manila": ["77 Kapitolyo St, Kapitolyo", "10 C. Raymundo Ave, Caniogan"],
  "Quezon City, Metro Manila": ["45 Katipunan Ave, Loyola Heights", "40 Timog Ave, South Triangle"],
  "Taguig, Metro Manila": ["30th St, Bonifacio Global City", "15 McKinley Pkwy, Fort Bonifacio"],
};
const HISTORY_PARCELS: [NewDelivery["packageType"], PackageSize, string][] = [
  ["documents", "small", "Signed papers in an envelope"],
  ["food", "medium", "Lunch trays for an office"],
  ["parcels", "medium", "An online-shop order"],
  ["groceries", "large", "Groceries, three bags"],
  ["electronics", "small", "A phone back from repair"],
];
const HISTORY_PAYMENTS = ["gcash", undefined, "gcash", "maya", "card"] as const;

export const HISTORY_DELIVERIES: DemoDelivery[] = HISTORY_RIDERS.flatMap((rider, r) =>
  Array.from({ length: HISTORY_PER_RIDER }, (_, i): DemoDelivery => {
    const n = r * HISTORY_PER_RIDER + i;
    const cities = Object.keys(HISTORY_PLACES) as DemoCity[];
    const from = cities[n % cities.length]!;
    const to = cities[(n + 1 + (Math.floor(n / cities.length) % (cities.length - 1))) % cities.length]!;
    const [packageType, size, description] = HISTORY_PARCELS[n % HISTORY_PARCELS.length]!;
    return {
      id: `00000000-0000-4000-8000-0000de12${n.toString(16).padStart(4, "0")}`,
      customer: n % 2 === 0 ? "demo-user-carla" : "demo-user-carlos",
      rider,
      status: "delivered",
      from: [HISTORY_PLACES[from][n % 2]!, from],
      to: [HISTORY_PLACES[to][(n + 1) % 2]!, to],
      packageType,
      size,
      description,
      bookedMinutesAgo: (HISTORY_ENDS_DAYS_AGO + 1 + (i % HISTORY_DAYS)) * DAY + (8 + ((n * 5) % 11)) * HOUR,
      paid: HISTORY_PAYMENTS[n % HISTORY_PAYMENTS.length],
    };
  }),
);

/**
 * How each history rider settled those months at their end, as the app records it: what the co-op
 * owed them, paid at the office (a paid cash-out and its `cashout` entry); what they owed, handed
 * in (a `remittance`). Fixed ids: once only.
 */
export function historySettlements(d1: D1Database, now: number): D1PreparedStatement[] {
  const at = now - HISTORY_ENDS_DAYS_AGO * DAY * 60_000;
  const owed = `(SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE rider_id = ?2 AND at < ?3)`;
  return HISTORY_RIDERS.flatMap((rider) => {
    const cashout = `co_demo_history_${rider.slice("demo-user-".length)}`;
    return [
      d1
        .prepare(
          `INSERT INTO cashouts (id, rider_id, amount, fee, method, status, requested_at, settled_at, settled_by)
           SELECT ?1, ?2, ${owed}, 0, 'office', 'paid', ?3, ?3, ?4 WHERE ${owed} > 0 ON CONFLICT DO NOTHING`,
        )
        .bind(cashout, rider, at, DEMO_ADMIN),
      d1
        .prepare(
          `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note, created_by)
           SELECT rider_id, 'cashout', -amount, 'cashout:' || id, ?2, ?3, ?4 FROM cashouts WHERE id = ?1 AND changes() > 0`,
        )
        .bind(cashout, at, cashoutNote("office", null), DEMO_ADMIN),
      d1
        .prepare(
          `INSERT OR IGNORE INTO ledger_entries (rider_id, kind, amount, source_id, at, created_by)
           SELECT ?2, 'remittance', -${owed}, ?1, ?3, ?4 WHERE ${owed} < 0`,
        )
        .bind(`remittance:demo-history-${rider}`, rider, at, DEMO_ADMIN),
    ];
  });
}
