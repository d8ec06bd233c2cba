import type { CashoutMethod, CashoutStatus, User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import type { Language } from "~/i18n/languages";
import { encodeMessage, message, word, type AnyMessageId, type MessageValues } from "~/i18n/message";
import { storedText } from "~/i18n/stored-text.server";
import { centavosToPesos, formatPesos, pesosToCentavos, type Centavos, type Pesos } from "~/money/money";
import { BANK_CASHOUT_FEE } from "./ledger-rules";
import { BALANCE_SQL, riderBalance } from "./ledger.server";
import type { AdjustmentBody, CashoutRequest, CashoutSettlement, RemittanceBody } from "./ledger-schemas";

/**
 * Money between the co-op and a rider outside deliveries (docs/guide/money.md#rider-ledger):
 * - a remittance: cash the rider handed in (+ on the ledger), recorded by an admin with a receipt;
 * - a cash-out: the rider asks for at most their balance (one open request at a time); an admin
 *   pays it (the `cashout` entry, − the whole amount: a bank transfer's ₱15 fee comes out of it)
 *   or rejects it. docs/decisions/0219-ledger-cashouts-settings.md explains the choices.
 */

export interface CashoutRow {
  id: string;
  rider_id: string;
  amount: number;
  fee: number;
  method: CashoutMethod;
  account_name: string | null;
  account_number: string | null;
  status: CashoutStatus;
  reference: string | null;
  requested_at: number;
  settled_at: number | null;
  failure_reason?: string | null;
  provider?: string | null;
  provider_payout_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone_number?: string | null;
}

/** A cash-out as the API answers it (pesos). */
export interface CashoutView {
  id: string;
  riderId: string;
  amount: Pesos;
  fee: Pesos;
  /** What the rider receives: amount − fee. */
  payout: Pesos;
  method: CashoutMethod;
  accountName: string | null;
  account: string | null;
  status: CashoutStatus;
  reference: string | null;
  requestedAt: string;
  settledAt: string | null;
  /** A failed GCash payout: why (its amount went back to the balance). */
  failureReason: string | null;
  rider?: { id: string; name: string; phoneNumber: string | null };
}

export const cashoutView = (row: CashoutRow): CashoutView => ({
  id: row.id,
  riderId: row.rider_id,
  amount: centavosToPesos(row.amount),
  fee: centavosToPesos(row.fee),
  payout: centavosToPesos(row.amount - row.fee),
  method: row.method,
  accountName: row.account_name,
  account: row.account_number,
  status: row.status,
  reference: row.reference,
  requestedAt: new Date(row.requested_at).toISOString(),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
  failureReason: row.failure_reason ?? null,
  ...(row.first_name !== undefined
    ? {
        rider: {
          id: row.rider_id,
          name: [row.first_name, row.last_name].filter(Boolean).join(" ") || "Rider",
          phoneNumber: row.phone_number ?? null,
        },
      }
    : {}),
});

/** A cash-out as answered to someone: its failure reason in their language (the system's reasons are encoded messages). */
export const cashoutInLanguage =
  (language: Language) =>
  (view: CashoutView): CashoutView => ({ ...view, failureReason: storedText(language, view.failureReason) });

/** Why a cash-out was not inserted: one already open (requested or being sent), or more than the balance. */
export async function cashoutRefusal(d1: D1Database, riderId: string): Promise<Refusal> {
  const open = await d1
    .prepare("SELECT status FROM cashouts WHERE rider_id = ?1 AND status IN ('requested', 'sending')")
    .bind(riderId)
    .first<{ status: string }>();
  if (open)
    return new Refusal(409, open.status === "sending" ? "server.ledger.cashoutSending" : "server.ledger.cashoutOpen");
  return new Refusal(
    409,
    "server.ledger.cashoutLimit",
    { max: formatPesos(Math.max(0, await riderBalance(d1, riderId))) },
    "amount",
  );
}

/** A cash-out's status as a word of a sentence ("paid", "being sent to GCash"). */
const statusWord = (status: string) =>
  word(`server.ledger.cashoutStatus.${status as CashoutStatus}` satisfies AnyMessageId);

/** 409: the cash-out is settled already (its status named), or was settled while this request ran. */
const notWaiting = (status: string | undefined) =>
  status
    ? new Refusal(409, "server.ledger.cashoutNotWaiting", { status: statusWord(status) })
    : new Refusal(409, "server.ledger.cashoutSettledMeanwhile");

/** A refusal about one field, listed as that field's problem too (`errors`, which forms show beside it). */
const fieldRefusal = (status: number, id: AnyMessageId, values: MessageValues | undefined, field: string) =>
  new Refusal(status, id, values, field, { [field]: [message(id, values)] });

/** `POST /api/rider/cashouts`: at most the balance, one open request; the bank fee comes out of the amount. */
export async function requestCashout(
  d1: D1Database,
  rider: Pick<User, "id">,
  body: CashoutRequest,
  now = Date.now(),
): Promise<CashoutView> {
  const amount = pesosToCentavos(body.amount);
  const fee = body.method === "bank" ? BANK_CASHOUT_FEE : 0;
  if (amount <= fee) throw fieldRefusal(400, "server.ledger.cashoutBelowFee", { fee: formatPesos(fee) }, "amount");
  const id = `co_${crypto.randomUUID().replaceAll("-", "")}`;
  // The balance check and the one-open-request rule hold inside the INSERT itself (a partial unique index).
  const inserted = await d1
    .prepare(
      `INSERT INTO cashouts (id, rider_id, amount, fee, method, account_name, account_number, status, requested_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'requested', ?8
       WHERE (${BALANCE_SQL.replace("?1", "?2")}) >= ?3
       ON CONFLICT DO NOTHING`,
    )
    .bind(id, rider.id, amount, fee, body.method, body.accountName, body.accountNumber, now)
    .run();
  if (inserted.meta.changes !== 1) {
    throw await cashoutRefusal(d1, rider.id);
  }
  const row = await d1.prepare("SELECT * FROM cashouts WHERE id = ?1").bind(id).first<CashoutRow>();
  return cashoutView(row!);
}

/** `GET /api/rider/cashouts`: the rider's requests, newest first (cashouts_rider_requested_idx). */
export async function riderCashouts(d1: D1Database, riderId: string, limit = 50): Promise<CashoutView[]> {
  const { results } = await d1
    .prepare("SELECT * FROM cashouts WHERE rider_id = ?1 ORDER BY requested_at DESC, id DESC LIMIT ?2")
    .bind(riderId, limit)
    .all<CashoutRow>();
  return results.map(cashoutView);
}

/** `GET /api/admin/cashouts?status=`: oldest first while waiting, newest first once settled (cashouts_status_requested_idx). */
export async function adminCashouts(d1: D1Database, status: CashoutStatus, limit = 100): Promise<CashoutView[]> {
  const order = status === "requested" ? "ASC" : "DESC";
  const { results } = await d1
    .prepare(
      `SELECT c.*, u.first_name, u.last_name, u.phone_number FROM cashouts AS c JOIN users AS u ON u.id = c.rider_id
       WHERE c.status = ?1 ORDER BY c.requested_at ${order}, c.id ${order} LIMIT ?2`,
    )
    .bind(status, limit)
    .all<CashoutRow>();
  return results.map(cashoutView);
}

/**
 * `POST /api/admin/cashouts/{id}`: paid (the `cashout` entry enters in the same batch, if the
 * balance still covers it) or rejected. 404 unknown, 409 already settled or not covered.
 */
export async function settleCashout(
  d1: D1Database,
  admin: Pick<User, "id">,
  id: string,
  body: CashoutSettlement,
  now = Date.now(),
): Promise<CashoutView> {
  const found =
    id.length <= 64 ? await d1.prepare("SELECT * FROM cashouts WHERE id = ?1").bind(id).first<CashoutRow>() : null;
  if (!found) throw new Refusal(404, "server.ledger.cashoutNotFound");
  if (found.status !== "requested") throw notWaiting(found.status);
  if (body.status === "paid" && found.method !== "office" && !body.reference)
    throw fieldRefusal(400, "server.ledger.referenceRequired", undefined, "reference");
  const reference = body.reference ?? null;
  if (body.status === "rejected") {
    const rejected = await d1
      .prepare(
        "UPDATE cashouts SET status = 'rejected', reference = ?2, settled_at = ?3, settled_by = ?4 WHERE id = ?1 AND status = 'requested'",
      )
      .bind(id, reference, now, admin.id)
      .run();
    if (rejected.meta.changes !== 1) throw notWaiting(undefined);
  } else {
    const [paid] = await d1.batch([
      d1
        .prepare(
          `UPDATE cashouts SET status = 'paid', reference = ?2, settled_at = ?3, settled_by = ?4
           WHERE id = ?1 AND status = 'requested' AND (${BALANCE_SQL.replace("?1", "?5")}) >= amount`,
        )
        .bind(id, reference, now, admin.id, found.rider_id),
      d1
        .prepare(
          `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note, created_by)
           SELECT rider_id, 'cashout', -amount, 'cashout:' || id, ?2, ?4, ?3
           FROM cashouts WHERE id = ?1 AND changes() > 0`,
        )
        .bind(id, now, admin.id, cashoutNote(found.method, reference)),
    ]);
    if (paid!.meta.changes !== 1) {
      const again = await d1.prepare("SELECT status FROM cashouts WHERE id = ?1").bind(id).first<{ status: string }>();
      if (again?.status !== "requested") throw notWaiting(again?.status);
      throw new Refusal(409, "server.ledger.cashoutNotCovered", {
        balance: formatPesos(await riderBalance(d1, found.rider_id)),
      });
    }
  }
  const row = await d1.prepare("SELECT * FROM cashouts WHERE id = ?1").bind(id).first<CashoutRow>();
  return cashoutView(row!);
}

/** A paid cash-out's ledger note (an encoded message): how it was paid, and its reference if any. */
export function cashoutNote(method: CashoutMethod, reference: string | null): string {
  const how = `server.ledger.method.${method}` as const;
  return reference
    ? encodeMessage("server.ledger.note.cashoutReference", { method: word(how), reference })
    : encodeMessage(how);
}

async function requireRiderAccount(d1: D1Database, riderId: string) {
  const rider =
    riderId.length <= 64
      ? await d1
          .prepare("SELECT id FROM users WHERE id = ?1 AND (role = 'rider' OR rider_approved_at IS NOT NULL)")
          .bind(riderId)
          .first()
      : null;
  if (!rider) throw new Refusal(404, "server.ledger.riderNotFound");
}

/** `POST /api/admin/riders/{id}/remittances`: cash a rider handed in; answers the receipt number (R-000042). */
export async function recordRemittance(
  d1: D1Database,
  admin: Pick<User, "id">,
  riderId: string,
  body: RemittanceBody,
  now = Date.now(),
) {
  await requireRiderAccount(d1, riderId);
  const amount = pesosToCentavos(body.amount);
  // At most what the rider owes, checked inside the INSERT so simultaneous remittances cannot overshoot.
  const row = await d1
    .prepare(
      `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note, created_by)
       SELECT ?1, 'remittance', ?2, ?3, ?4, ?5, ?6 WHERE -(${BALANCE_SQL}) >= ?2 RETURNING id`,
    )
    .bind(riderId, amount, `remittance:${crypto.randomUUID()}`, now, body.note ?? null, admin.id)
    .first<{ id: number }>();
  if (!row) {
    const owed = Math.max(0, -(await riderBalance(d1, riderId)));
    // `values.maxAmount`: the most that may be remitted, in pesos, for a client to offer.
    const values = { max: formatPesos(owed), maxAmount: centavosToPesos(owed) };
    throw fieldRefusal(
      409,
      owed === 0 ? "server.ledger.remittanceNothingOwed" : "server.ledger.remittanceLimit",
      values,
      "amount",
    );
  }
  const receiptNumber = `R-${String(row!.id).padStart(6, "0")}`;
  return {
    receiptNumber,
    riderId,
    amount: centavosToPesos(amount),
    at: new Date(now).toISOString(),
    balance: centavosToPesos(await riderBalance(d1, riderId)),
  };
}

export interface RiderBalanceItem {
  id: string;
  name: string;
  phoneNumber: string | null;
  /** Centavos: positive, the co-op owes the rider; negative, the rider owes the co-op. */
  balance: Centavos;
}

/** Approved riders with their balances, by name (users_rider_approved_idx; each balance a covering range of ledger_entries_rider_at_idx). */
export async function riderBalances(d1: D1Database, limit = 500): Promise<RiderBalanceItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.first_name, u.last_name, u.phone_number,
              (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE rider_id = u.id) AS balance
       FROM users AS u WHERE u.rider_approved_at IS NOT NULL AND u.deactivated_at IS NULL
       ORDER BY u.first_name, u.last_name, u.id LIMIT ?1`,
    )
    .bind(limit)
    .all<{
      id: string;
      first_name: string | null;
      last_name: string | null;
      phone_number: string | null;
      balance: number;
    }>();
  return results.map((row) => ({
    id: row.id,
    name: [row.first_name, row.last_name].filter(Boolean).join(" ") || "Rider",
    phoneNumber: row.phone_number,
    balance: row.balance,
  }));
}

/** `POST /api/admin/riders/{id}/adjustments`: an admin's correction (±, with the reason as its note). */
export async function recordAdjustment(
  d1: D1Database,
  admin: Pick<User, "id">,
  riderId: string,
  body: AdjustmentBody,
  now = Date.now(),
) {
  await requireRiderAccount(d1, riderId);
  const amount = pesosToCentavos(body.amount);
  await d1
    .prepare(
      `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note, created_by)
       VALUES (?1, 'adjustment', ?2, ?3, ?4, ?5, ?6)`,
    )
    .bind(riderId, amount, `adjustment:${crypto.randomUUID()}`, now, body.note, admin.id)
    .run();
  return {
    riderId,
    amount: centavosToPesos(amount),
    note: body.note,
    at: new Date(now).toISOString(),
    balance: centavosToPesos(await riderBalance(d1, riderId)),
  };
}
