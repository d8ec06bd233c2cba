import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { BALLOT_CHOICES, PROPOSAL_KINDS, PROPOSAL_RESULTS } from "~/db/enums";
import type { Centavos } from "~/money/money";
import { timestamp } from "./columns";
import { users } from "./accounts";

/**
 * Member-owners govern the co-op (migration 0186, app/coop/, decision 0216): proposals, who
 * voted (proposal_voters) and how (proposal_ballots), kept apart so no row joins a choice to a member.
 */
export const proposals = sqliteTable(
  "proposals",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: PROPOSAL_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** JSON of the kind's payload (app/coop/proposal-payload.server.ts, ProposalPayload). */
    payload: text("payload").notNull().default("{}"),
    openedBy: text("opened_by")
      .notNull()
      .references(() => users.id),
    openedAt: timestamp("opened_at").notNull(),
    closesAt: timestamp("closes_at").notNull(),
    /** Member-owners entitled to vote when it opened: the quorum's base. */
    entitled: integer("entitled").notNull(),
    closedAt: timestamp("closed_at"),
    result: text("result", { enum: PROPOSAL_RESULTS }),
    yesVotes: integer("yes_votes"),
    noVotes: integer("no_votes"),
    abstainVotes: integer("abstain_votes"),
    /** What a passed proposal made, e.g. "settings:42". */
    appliedRef: text("applied_ref"),
    /** The token of the close that closed it (migration 0187): the close's later statements act only under it. */
    closeId: text("close_id"),
  },
  (t) => [
    index("proposals_open_closes_idx").on(t.closesAt, t.id).where(sql`closed_at IS NULL`),
    index("proposals_closed_idx").on(t.closesAt, t.id).where(sql`closed_at IS NOT NULL`),
  ],
);

/** Who voted on a proposal, never how. */
export const proposalVoters = sqliteTable(
  "proposal_voters",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => proposals.id),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id),
    votedAt: timestamp("voted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.memberId] })],
);

/** How a proposal was voted, never by whom: `ballotKey` is HMAC-SHA256(BALLOT_SECRET, "proposalId:memberId"). */
export const proposalBallots = sqliteTable(
  "proposal_ballots",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => proposals.id),
    ballotKey: text("ballot_key").notNull(),
    choice: text("choice", { enum: BALLOT_CHOICES }).notNull(),
    castAt: timestamp("cast_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.ballotKey] })],
);

/** The SMS a member-owner was sent about a proposal (it opened, its result): written before it is sent, so once each. */
export const proposalTexts = sqliteTable(
  "proposal_texts",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => proposals.id),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id),
    event: text("event", { enum: ["opened", "result"] }).notNull(),
    sentAt: timestamp("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.event, t.memberId] })],
);

export type ProposalRow = typeof proposals.$inferSelect;

/** A passed payout proposal paid out of the member benefits fund (migration 0187, app/coop/fund.server.ts). */
export const fundPayouts = sqliteTable(
  "fund_payouts",
  {
    proposalId: text("proposal_id")
      .primaryKey()
      .references(() => proposals.id),
    amount: integer("amount").$type<Centavos>().notNull(),
    bookedAt: timestamp("booked_at").notNull(),
  },
  (t) => [index("fund_payouts_booked_idx").on(t.bookedAt, t.proposalId, t.amount)],
);

/** A passed surplus return, booked as `patronage` ledger entries (migration 0187, app/coop/surplus.server.ts). */
export const surplusReturns = sqliteTable(
  "surplus_returns",
  {
    proposalId: text("proposal_id")
      .primaryKey()
      .references(() => proposals.id),
    /** The Manila period [periodStart, periodEnd), YYYY-MM-DD. */
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    amount: integer("amount").$type<Centavos>().notNull(),
    /** How many member-owners got a part. */
    members: integer("members").notNull(),
    bookedAt: timestamp("booked_at").notNull(),
  },
  (t) => [
    index("surplus_returns_period_idx").on(t.periodStart, t.periodEnd, t.amount),
    index("surplus_returns_booked_idx").on(t.bookedAt),
  ],
);
