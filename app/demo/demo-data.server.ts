import { riderApplications, users } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { MEMBERSHIP_FEE } from "~/riders/membership";
import { loadDemoCoop } from "./demo-coop.server";
import { DEMO_ADMIN } from "./demo-delivery";
import { deliveryStatements } from "./demo-delivery-rows.server";
import { HISTORY_DELIVERIES, historySettlements } from "./demo-history.server";
import { DEMO_DELIVERIES } from "./demo-recent.server";

/**
 * The local demo data of docs/guide/what-is-true.md: fixed ids, inserted with ON CONFLICT DO NOTHING, so loading
 * it twice changes nothing. Development only (the seed route refuses elsewhere).
 *
 * `about` says what each account is for; `npm start` prints it from here (the README's table says
 * the same, and the start command's test holds them together).
 */
const DEMO_USERS = [
  {
    id: "demo-user-ana",
    phoneNumber: "+639170000001",
    firstName: "Ana",
    lastName: "Admin",
    role: "admin",
    about: "admin",
  },
  // docs/guide/what-is-true.md: the demo riders start online.
  {
    id: "demo-user-rico",
    phoneNumber: "+639170000002",
    firstName: "Rico",
    lastName: "Rider",
    role: "rider",
    riderOnline: true,
    about: "rider (a co-op member, with a balance to cash out)",
  },
  {
    id: "demo-user-rosa",
    phoneNumber: "+639170000003",
    firstName: "Rosa",
    lastName: "Rider",
    role: "rider",
    riderOnline: true,
    about: "rider (a claim on the fund waiting for an admin)",
  },
  {
    id: "demo-user-carla",
    phoneNumber: "+639170000004",
    firstName: "Carla",
    lastName: "Customer",
    role: "user",
    about: "customer",
  },
  {
    id: "demo-user-carlos",
    phoneNumber: "+639170000005",
    firstName: "Carlos",
    lastName: "Customer",
    role: "user",
    about: "customer",
  },
  {
    id: "demo-user-sol",
    phoneNumber: "+639170000006",
    firstName: "Sol",
    lastName: "Suspended",
    role: "rider",
    about: "rider, suspended by an admin",
  },
  // Two more member-owners, so the co-op's votes have members to count.
  {
    id: "demo-user-mila",
    phoneNumber: "+639170000007",
    firstName: "Mila",
    lastName: "Member",
    role: "rider",
    about: "rider (a co-op member)",
  },
  {
    id: "demo-user-nonoy",
    phoneNumber: "+639170000008",
    firstName: "Nonoy",
    lastName: "Member",
    role: "rider",
    about: "rider (a co-op member, with a claim in the members' vote)",
  },
] as const;

/** The demo accounts as people sign in with them: the local number, the name, what the account is for. */
export const DEMO_ACCOUNTS = DEMO_USERS.map((u) => ({
  number: `0${u.phoneNumber.slice(3)}`,
  name: `${u.firstName} ${u.lastName}`,
  about: u.about,
}));

/** Demo riders are approved riders; Sol is suspended, so Manage Riders and the dashboard show a suspension. */
const DEMO_SUSPENSION = {
  id: "demo-user-sol",
  reason: "Expired driver's license: bring the renewed one to the office",
} as const;

/** Rico, Mila and Nonoy joined the co-op as member-owners (their ₱500 fees are on record); Rosa is still working towards it. */
const DEMO_MEMBERS: readonly string[] = ["demo-user-rico", "demo-user-mila", "demo-user-nonoy"];

/** Two applications waiting for review on Manage Riders. */
const DEMO_APPLICATIONS = [
  {
    id: "demo-application-1",
    fullName: "Benjie Bautista",
    mobile: "+639170000011",
    city: "pasig",
    hasMotorcycle: true,
    referralCode: "RICO25",
    minutesAgo: 90,
  },
  {
    id: "demo-application-2",
    fullName: "Liza Mendoza",
    mobile: "+639170000012",
    city: "cebu",
    hasMotorcycle: false,
    referralCode: null,
    minutesAgo: 20,
  },
] as const;

/** Deliveries per D1 batch: each one's statements are guarded by its own insert, so a batch may hold several. */
const DELIVERIES_PER_BATCH = 100;

/**
 * Loads the demo: users, deliveries with the events the app would have written, and ratings
 * through the same statements as the rating API; then the history's settlements and the co-op.
 * Each delivery's statements follow its insert and apply only when the row was new (the event
 * statement's `changes()` guard), so loading twice changes nothing.
 */
export async function loadDemoData(db: Db, now = Date.now()) {
  const at = new Date(now);
  const d1 = db.$client;
  // One statement per row: D1 allows at most 100 bound parameters per statement.
  const userStatements = DEMO_USERS.map(({ about: _about, ...u }) => {
    const { sql, params } = db
      .insert(users)
      .values({
        ...u,
        riderSeenAt: "riderOnline" in u ? at : null,
        riderApprovedAt: u.role === "rider" ? at : null,
        ...(u.id === DEMO_SUSPENSION.id ? { riderSuspendedAt: at, riderSuspensionReason: DEMO_SUSPENSION.reason } : {}),
        ...(DEMO_MEMBERS.includes(u.id)
          ? { memberSince: at, membershipFee: MEMBERSHIP_FEE, membershipRecordedBy: DEMO_ADMIN }
          : {}),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .toSQL();
    return d1.prepare(sql).bind(...params);
  });
  await d1.batch(userStatements);
  const all = [...DEMO_DELIVERIES, ...HISTORY_DELIVERIES];
  for (let start = 0; start < all.length; start += DELIVERIES_PER_BATCH) {
    await d1.batch(all.slice(start, start + DELIVERIES_PER_BATCH).flatMap((demo) => deliveryStatements(db, demo, now)));
  }
  await d1.batch(historySettlements(d1, now));
  await d1.batch(
    DEMO_APPLICATIONS.map(({ minutesAgo, ...application }) => {
      const { sql, params } = db
        .insert(riderApplications)
        .values({ ...application, status: "submitted", createdAt: new Date(now - minutesAgo * 60_000) })
        .onConflictDoNothing()
        .toSQL();
      return d1.prepare(sql).bind(...params);
    }),
  );
  await loadDemoCoop(d1, now);
  return { users: DEMO_USERS.length, deliveries: all.length, accounts: DEMO_ACCOUNTS };
}
