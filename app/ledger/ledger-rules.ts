/** The riders' ledger rules shared by pages and server (docs/guide/money.md#rider-ledger). */
import type { LedgerKind } from "~/db/enums";

/** ₱1 of accident insurance per delivered delivery, taken from the rider's side. */
export const INSURANCE_PER_DELIVERY = 100;
/** A bank transfer costs ₱15, taken from the amount cashed out. */
export const BANK_CASHOUT_FEE = 1500;

/** `YYYY-MM` of a month query. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** One entry of a rider's ledger, as the rider's pages show it. */
export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  /** Signed centavos. */
  amount: number;
  deliveryId: string | null;
  at: string;
  /** The system's notes are encoded messages (`server.ledger.note.…`), put into words where read; an admin's own words as written. */
  note: string | null;
}

/**
 * A cancellation fee charged while a rider held the delivery, as the statements that book it (the
 * day's totals, the rider's share) read it: each is guarded like the cancelling UPDATE, by the
 * statuses it may leave and the payment status.
 */
export interface CancellationCharge {
  deliveryId: string;
  riderId: string;
  fee: number;
  cancelledAt: number;
  fromStatuses: readonly string[];
  paymentStatus: string;
}
