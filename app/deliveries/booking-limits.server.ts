import { message } from "~/i18n/message";
import { fieldRefusal } from "~/pricing/quote.server";
import type { CoopSettings } from "~/settings/coop-settings";
import { isWithinReach, MAX_WAITING_BOOKINGS, tooFarMessage, tooManyWaitingMessage } from "./booking-rules";

/** A booking refused by a limit: 400 (too far) or 429 (too many waiting), naming the field (fieldRefusal). */

/**
 * What can be booked, on the database's side (decision 0181): the trip's length, the
 * customer's waiting bookings and first-delivery promo codes. The limits that races could beat are
 * settled in the booking's own batch (one transaction): the delivery row is inserted only while
 * the customer holds fewer than 10 waiting bookings and owns the code's redemption row, whose
 * unique index (customer, code) lets one booking at a time hold it.
 */

/** Refuses a trip longer than the co-op's limit (the quote and the booking). */
export function assertWithinReach(distanceKm: number, settings: Pick<CoopSettings, "maxDistanceKm">): void {
  if (!isWithinReach(distanceKm, settings.maxDistanceKm))
    throw fieldRefusal(400, "dropoffCity", tooFarMessage(settings.maxDistanceKm));
}

const WAITING_COUNT = `(SELECT count(*) FROM deliveries WHERE customer_id = ? AND status = 'pending')`;

/** Refuses early (before a gateway checkout is made) when the customer already holds 10 waiting bookings. */
export async function assertFewWaiting(d1: D1Database, customerId: string): Promise<void> {
  const row = await d1.prepare(`SELECT ${WAITING_COUNT} AS n`).bind(customerId).first<{ n: number }>();
  if ((row?.n ?? 0) >= MAX_WAITING_BOOKINGS) throw fieldRefusal(429, "customer", tooManyWaitingMessage());
}

/**
 * Drizzle's `insert into t (cols) values (?, ...)` as `insert into t (cols) select ?, ... where
 * <condition>`, so a batch inserts it only while the condition holds.
 */
function insertWhere(
  query: { sql: string; params: unknown[] },
  condition: string,
  conditionParams: unknown[],
): { sql: string; params: unknown[] } {
  const match = /^(insert into .+?\)) values \((.*)\)$/s.exec(query.sql);
  if (!match) throw new Error(`Not a one-row insert: ${query.sql.slice(0, 60)}`);
  return { sql: `${match[1]} select ${match[2]} where ${condition}`, params: [...query.params, ...conditionParams] };
}

const prepare = (d1: D1Database, query: { sql: string; params: unknown[] }) =>
  d1.prepare(query.sql).bind(...query.params);

export interface GuardedBooking {
  deliveryId: string;
  customerId: string;
  /** A first-delivery-only code the booking redeems (NEWCOOP), else null. */
  firstDeliveryCode: string | null;
  now: number;
}

/**
 * The booking's guarded statements: `before` (the redemption claim, if any), then `insert` (the
 * delivery row, inserted only within the limits: put its delivery event right after it), and
 * `after` (undoes a claim whose booking was refused; goes at the end of the batch). A refused
 * insert changes no row: see `explainRefusal`.
 */
export function guardedBooking(
  d1: D1Database,
  insertDelivery: { sql: string; params: unknown[] },
  booking: GuardedBooking,
) {
  const { deliveryId, customerId, firstDeliveryCode: code, now } = booking;
  const before: D1PreparedStatement[] = [];
  const after: D1PreparedStatement[] = [];
  let condition = `${WAITING_COUNT} < ?`;
  const params: unknown[] = [customerId, MAX_WAITING_BOOKINGS];
  if (code) {
    // Take the code's row, or take it over from a booking that was cancelled (NEWCOOP is for the
    // first delivery that was not cancelled); a row held by a live booking stays as it is.
    before.push(
      d1
        .prepare(
          `INSERT INTO promo_redemptions (customer_id, code, delivery_id, redeemed_at) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (customer_id, code) DO UPDATE SET delivery_id = excluded.delivery_id, redeemed_at = excluded.redeemed_at
           WHERE NOT EXISTS (SELECT 1 FROM deliveries AS d WHERE d.id = promo_redemptions.delivery_id AND d.status != 'cancelled')`,
        )
        .bind(customerId, code, deliveryId, now),
    );
    condition += ` AND EXISTS (SELECT 1 FROM promo_redemptions WHERE customer_id = ? AND code = ? AND delivery_id = ?)`;
    params.push(customerId, code, deliveryId);
    after.push(
      d1
        .prepare(
          `DELETE FROM promo_redemptions WHERE delivery_id = ?1 AND NOT EXISTS (SELECT 1 FROM deliveries WHERE id = ?1)`,
        )
        .bind(deliveryId),
    );
  }
  return { before, insert: prepare(d1, insertWhere(insertDelivery, condition, params)), after };
}

/** Another insert of the booking's batch (its payment), made only if the delivery row was. */
export function ifBooked(
  d1: D1Database,
  insert: { sql: string; params: unknown[] },
  deliveryId: string,
): D1PreparedStatement {
  return prepare(d1, insertWhere(insert, `EXISTS (SELECT 1 FROM deliveries WHERE id = ?)`, [deliveryId]));
}

/** Why a guarded insert changed nothing: too many waiting bookings (429), else the code was taken. */
export async function explainRefusal(d1: D1Database, booking: GuardedBooking): Promise<never> {
  await assertFewWaiting(d1, booking.customerId);
  if (booking.firstDeliveryCode)
    throw fieldRefusal(400, "promoCode", message("server.pricing.promoFirstOnly", { code: booking.firstDeliveryCode }));
  throw new Error("The booking was refused for no known reason");
}
