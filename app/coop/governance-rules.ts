import type { BallotChoice, ProposalResult, User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { suspensionRefusal } from "~/auth/suspension";
import { MANILA_OFFSET_MS } from "~/i18n/manila";

/**
 * Member-owners govern the co-op (docs/guide/coop.md; decision 0216): who votes, when voting
 * closes, quorum and majority. Pure rules, no I/O.
 */

/**
 * Who may use the co-op at all, on its pages (/coop…) and in its API (/api/coop/…, /api/proposals…):
 * the ONE rule both read (decision 0215). Riders, members or not, and admins; never a customer (403);
 * a suspended rider is refused with their suspension's reason (403: no rider function while
 * suspended); nobody signed in, 401 (the pages show the sign-in instead). Null: allowed.
 */
export function coopRefusal(
  user: Pick<User, "role" | "riderSuspendedAt" | "riderSuspensionReason"> | null,
): Refusal | null {
  if (!user) return new Refusal(401, "server.http.unauthorized");
  if (user.role !== "rider" && user.role !== "admin") return new Refusal(403, "server.governance.coopOnly");
  return suspensionRefusal(user);
}

/**
 * A member-owner who may vote: membership recorded (`memberSince`), not suspended, account active.
 * A rider or an admin (an admin votes only when a member-owner too); a customer never.
 */
export function mayVote(user: Pick<User, "role" | "memberSince" | "riderSuspendedAt" | "deactivatedAt">): boolean {
  return (
    (user.role === "rider" || user.role === "admin") &&
    user.memberSince != null &&
    user.riderSuspendedAt == null &&
    user.deactivatedAt == null
  );
}

/** The same rule as SQL over `users` (for counting who is entitled when a proposal opens). */
export const voterSql = (table?: string) => {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return `${column("role")} IN ('rider', 'admin') AND ${column("member_since")} IS NOT NULL AND ${column("rider_suspended_at")} IS NULL AND ${column("deactivated_at")} IS NULL`;
};
export const VOTER_SQL = voterSql();

/** Who may open a proposal: a member-owner who may vote, or an admin. */
export const mayOpen = (user: Pick<User, "role" | "memberSince" | "riderSuspendedAt" | "deactivatedAt">): boolean =>
  user.role === "admin" || mayVote(user);

export const TITLE_MAX = 120;
export const BODY_MAX = 2000;
export const VOTING_DAYS_MIN = 3;
export const VOTING_DAYS_MAX = 14;
export const VOTING_DAYS_DEFAULT = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When voting closes: at Manila midnight ending the `days`-th Manila day after the opening day, so
 * voting lasts `days` whole Manila days and a little more (the rest of the opening day).
 */
export function closesAtFor(openedAt: number, days: number): number {
  const openingDayStart = Math.floor((openedAt + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS;
  return openingDayStart + (days + 1) * DAY_MS;
}

/** Ballots needed for quorum: 25% of those entitled when it opened, rounded up (abstentions count). */
export const quorumOf = (entitled: number): number => Math.ceil(entitled / 4);

export interface Totals {
  yes: number;
  no: number;
  abstain: number;
}

const NO_TOTALS: Totals = { yes: 0, no: 0, abstain: 0 };

/** The result at the close: inquorate below quorum, else passed when Yes > No (a tie fails). */
export function resultOf(totals: Totals, entitled: number): ProposalResult {
  const cast = totals.yes + totals.no + totals.abstain;
  if (cast < quorumOf(entitled) || cast === 0) return "inquorate";
  return totals.yes > totals.no ? "passed" : "failed";
}

export const totalsFrom = (rows: { choice: BallotChoice; n: number }[]): Totals => {
  const totals = { ...NO_TOTALS };
  for (const row of rows) totals[row.choice] += row.n;
  return totals;
};
