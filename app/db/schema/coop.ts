import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CLAIM_KINDS, CLAIM_STATUSES } from "~/db/enums";
import type { Centavos } from "~/money/money";
import { timestamp } from "./columns";
import { users } from "./accounts";
import { proposals } from "./governance";

/** Claims on the member benefits fund (migrations 0188 and 0192, app/coop/claims.server.ts, decision 0215). */
export const fundClaims = sqliteTable(
  "fund_claims",
  {
    id: text("id").primaryKey(),
    claimantId: text("claimant_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: CLAIM_KINDS }).notNull(),
    amount: integer("amount").$type<Centavos>().notNull(),
    note: text("note").notNull(),
    /** JSON list of the document photos: `{ n, key, contentType, size }` (private R2, ID_DOCUMENTS). */
    photos: text("photos").notNull().default("[]"),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("pending"),
    /** The payout proposal of a claim above the co-op's limit. */
    proposalId: text("proposal_id").references(() => proposals.id),
    filedAt: timestamp("filed_at").notNull(),
    decidedAt: timestamp("decided_at"),
    decidedBy: text("decided_by").references(() => users.id),
    reason: text("reason"),
    /** When the document photos were deleted, some days after the decision (migration 0197, decision 0211). */
    photosDeletedAt: timestamp("photos_deleted_at"),
  },
  (t) => [
    index("fund_claims_claimant_idx").on(t.claimantId, t.filedAt, t.id),
    index("fund_claims_status_idx").on(t.status, t.filedAt, t.id),
    index("fund_claims_filed_idx").on(t.filedAt, t.id),
    index("fund_claims_held_idx").on(t.status, t.amount),
    index("fund_claims_photos_kept_idx")
      .on(t.decidedAt)
      .where(sql`photos_deleted_at IS NULL AND decided_at IS NOT NULL`),
    uniqueIndex("fund_claims_proposal_idx").on(t.proposalId).where(sql`proposal_id IS NOT NULL`),
  ],
);

export type FundClaimRow = typeof fundClaims.$inferSelect;
