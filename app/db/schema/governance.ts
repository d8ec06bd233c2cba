import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { BALLOT_CHOICES, PROPOSAL_KINDS, PROPOSAL_RESULTS } from "../enums";
import { timestamp } from "./columns";
import { users } from "./accounts";

/**
 * Member-owners govern the co-op (migration 0186, app/governance/, decision 0190): proposals, who
 * voted (proposal_voters) and how (proposal_ballots), kept apart so no row joins a choice to a member.
 */
export const proposals = sqliteTable(
  "proposals",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: PROPOSAL_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** JSON of the kind's payload (app/governance/proposal-rules.ts, ProposalPayload). */
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
