import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CASHOUT_METHODS, CASHOUT_STATUSES, LEDGER_KINDS } from "~/db/enums";
import type { Centavos } from "~/money/money";
import { timestamp } from "./columns";
import { users } from "./accounts";
import { deliveries } from "./deliveries";

/** The riders' ledger (docs/guide/money.md#rider-ledger; migration 0120, app/ledger/). */

export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    riderId: text("rider_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Signed centavos: positive when the co-op owes the rider more. */
    amount: integer("amount").$type<Centavos>().notNull(),
    deliveryId: text("delivery_id").references(() => deliveries.id),
    /** What caused the entry, unique (e.g. "share:{deliveryId}", "cashout:{id}"): nothing enters twice. */
    sourceId: text("source_id").notNull(),
    at: timestamp("at").notNull(),
    /** What the system wrote (an encoded message, `server.ledger.note.…`) or an admin's own words; read with storedText / useMessageText. */
    note: text("note"),
    createdBy: text("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("ledger_entries_source_unique").on(t.sourceId),
    index("ledger_entries_rider_at_idx").on(t.riderId, t.at, t.amount),
    index("ledger_entries_at_idx").on(t.at, t.kind, t.amount),
    index("ledger_entries_kind_at_idx").on(t.kind, t.at, t.sourceId, t.amount),
  ],
);

export const cashouts = sqliteTable(
  "cashouts",
  {
    id: text("id").primaryKey(),
    riderId: text("rider_id")
      .notNull()
      .references(() => users.id),
    /** Centavos taken from the balance; the rider receives amount - fee. */
    amount: integer("amount").$type<Centavos>().notNull(),
    fee: integer("fee").$type<Centavos>().notNull().default(0),
    method: text("method", { enum: CASHOUT_METHODS }).notNull(),
    accountName: text("account_name"),
    accountNumber: text("account_number"),
    status: text("status", { enum: CASHOUT_STATUSES }).notNull().default("requested"),
    reference: text("reference"),
    requestedAt: timestamp("requested_at").notNull(),
    settledAt: timestamp("settled_at"),
    settledBy: text("settled_by").references(() => users.id),
    /** Migration 0184: a GCash cash-out's payout through the payout gateway. */
    provider: text("provider"),
    providerPayoutId: text("provider_payout_id"),
    failureReason: text("failure_reason"),
  },
  (t) => [
    uniqueIndex("cashouts_one_open_per_rider").on(t.riderId).where(sql`status IN ('requested', 'sending')`),
    uniqueIndex("cashouts_provider_payout_unique").on(t.providerPayoutId).where(sql`provider_payout_id IS NOT NULL`),
    index("cashouts_rider_requested_idx").on(t.riderId, t.requestedAt),
    index("cashouts_status_requested_idx").on(t.status, t.requestedAt),
  ],
);

/** The payout sandbox's armed failures (development and tests; migration 0184): each fails the next sandbox payout. */
export const payoutSandboxFailures = sqliteTable("payout_sandbox_failures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  reason: text("reason").notNull(),
  armedAt: timestamp("armed_at").notNull(),
});

/** A Manila day or week (start date YYYY-MM-DD) whose incentives were awarded. */
export const payrollCloses = sqliteTable(
  "payroll_closes",
  {
    period: text("period", { enum: ["day", "week"] }).notNull(),
    /** The awards of a close enter only together with the close row that carries this id. */
    closeId: text("close_id").notNull(),
    startDate: text("start_date").notNull(),
    closedAt: timestamp("closed_at").notNull(),
    closedBy: text("closed_by").references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.period, t.startDate] })],
);
