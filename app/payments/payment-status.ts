import type { PaymentStatus } from "~/db/enums";

/**
 * An online booking is offered to riders only once paid (docs/guide/money.md): while its payment
 * is pending or failed it is in no available list and no rider can see or accept it.
 */
const AWAITING_PAYMENT: readonly PaymentStatus[] = ["pending", "failed"];
export const isAwaitingPayment = (status: PaymentStatus) => AWAITING_PAYMENT.includes(status);

/** SQL for the same rule, on the deliveries table. */
export const OFFERABLE_SQL = `payment_status NOT IN ('pending', 'failed')`;

/**
 * SQL on the deliveries table: the booking's money is in, or comes in hand (cash, at delivery) or
 * billed (invoice): nothing online is still awaited. Nothing is credited for a delivery before this
 * holds (decision 0217); a payment arriving later brings its credits with it.
 */
export const MONEY_IN_SQL = OFFERABLE_SQL;
export const AWAITING_PAYMENT_SQL = `payment_status IN ('pending', 'failed')`;

/** Unpaid this long after booking, an online booking is cancelled without a fee. */
export const UNPAID_CANCEL_AFTER_MS = 30 * 60 * 1000;
