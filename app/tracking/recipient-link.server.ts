import { eq } from "drizzle-orm";
import { accountLanguage } from "~/i18n/i18n.server";
import { randomToken, sha256Hex } from "~/auth/crypto.server";
import { getDb } from "~/db/client.server";
import { deliveries, users, type Delivery, type DeliveryStatus, type Vehicle } from "~/db/schema";
import { sql } from "drizzle-orm";
import { isTrackable } from "./channel-messages";
import { normalizePhilippineMobile } from "~/auth/auth-schemas";
import { sendRecorded } from "~/notifications/message-log.server";
import { messagingText } from "~/notifications/messaging.server";

/**
 * The recipient's public tracking link (docs/guide/deliveries.md#who-sees-positions): when a
 * rider first takes a delivery, the dropoff phone gets `{origin}/t/{token}` by SMS. The token has
 * 128 random bits and only its SHA-256 is stored; the link works without sign-in, shows nothing
 * personal beyond the dropoff, and answers 404 from 24 hours after the delivery ended.
 */

const RECIPIENT_TOKEN_BYTES = 16;
export const LINK_LIFETIME_AFTER_END_MS = 24 * 60 * 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

const recipientLink = (origin: string, token: string) => `${origin}/t/${token}`;
const recipientSms = (link: string) => messagingText("server.messaging.recipientLinkSms", { link });

/** A dropoff phone as a number the SMS gateway takes (+639… for a Philippine mobile, else as typed). */
const smsNumber = (phone: string) =>
  /^(09|\+639)\d{9}$/.test(phone.replace(/[\s\-().]/g, "")) ? normalizePhilippineMobile(phone) : phone;

/**
 * Sends the link once per delivery (the first assignment), if the customer left "Text the recipient
 * a tracking link" on. The token is claimed with a conditional UPDATE, so two assignments can never
 * send two links. A failed SMS is recorded as failed (messages table) and logged; the delivery goes on.
 */
export async function sendRecipientLink(
  env: Env,
  delivery: Pick<Delivery, "id" | "notifyRecipient" | "dropoffPhone" | "customerId">,
  origin: string,
): Promise<void> {
  if (!delivery.notifyRecipient) return;
  const token = randomToken(RECIPIENT_TOKEN_BYTES);
  const claimed = await env.DB.prepare(
    "UPDATE deliveries SET recipient_token_hash = ?2 WHERE id = ?1 AND recipient_token_hash IS NULL",
  )
    .bind(delivery.id, await sha256Hex(token))
    .run();
  if (claimed.meta.changes !== 1) return;
  const link = recipientLink(origin, token);
  // The recipient has no account here: the text goes out in the language of the customer who booked.
  const language = (await accountLanguage(env, { userId: delivery.customerId })) ?? "en";
  // Recorded with its status and the token masked (only its hash is stored); a failed one is
  // retried by the cron with a new token (reissueRecipientToken).
  await sendRecorded(
    env,
    { channel: "sms", to: smsNumber(delivery.dropoffPhone), language, text: recipientSms(link), link },
    { purpose: "recipient_link", ref: delivery.id, mask: token },
  );
}

/**
 * A new token for a delivery whose link was not delivered (the message retry): the old one was
 * never received, so it is replaced. Null once the delivery ended (nothing to follow any more).
 */
export async function reissueRecipientToken(env: Env, deliveryId: string): Promise<string | null> {
  const token = randomToken(RECIPIENT_TOKEN_BYTES);
  const replaced = await env.DB.prepare(
    "UPDATE deliveries SET recipient_token_hash = ?2 WHERE id = ?1 AND recipient_token_hash IS NOT NULL AND status NOT IN ('delivered', 'cancelled')",
  )
    .bind(deliveryId, await sha256Hex(token))
    .run();
  return replaced.meta.changes === 1 ? token : null;
}

/**
 * What the public page may know: the dropoff, the rider's first name, status, times and the rider's
 * position; while the delivery is active, who is coming (first name, vehicle, rating and the
 * rider's number for the Call button) and the handover code the recipient gives the rider.
 * Nothing of the customer, and no pickup address or point.
 */
export interface RecipientView {
  deliveryId: string;
  status: DeliveryStatus;
  riderFirstName: string | null;
  dropoffAddress: string;
  dropoffCity: string;
  pickupCity: string;
  estimatedDuration: string;
  distance: string;
  assignedAt: string | null;
  pickedUpAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  dropoffLatitude: number | null;
  dropoffLongitude: number | null;
  /** The dropoff point is its city's centre: the map shows the city, distances say "about". */
  dropoffApproximate: boolean;
  riderLatitude: number | null;
  riderLongitude: number | null;
  riderLocatedAt: string | null;
  /** While active: who is coming. */
  rider: { firstName: string | null; vehicle: Vehicle; rating: number | null; phone: string | null } | null;
  /** Until it ends: the code the recipient tells the rider at the door. */
  handoverCode: string | null;
  /** When the rider reached the dropoff (decision 0222), while they are there. */
  dropoffArrivedAt: string | null;
}

/** The delivery behind a token, or null: a malformed or unknown token, or 24 h after the delivery ended. */
export async function findByRecipientToken(
  env: Env,
  token: string,
  now = Date.now(),
): Promise<{ view: RecipientView; delivery: Delivery } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await getDb(env.DB)
    .select({
      delivery: deliveries,
      riderFirstName: users.firstName,
      vehicle: users.vehicle,
      phone: users.phoneNumber,
      // delivery_ratings_rider_idx
      rating: sql<
        number | null
      >`(SELECT round(avg(stars), 1) FROM delivery_ratings WHERE delivery_ratings.rider_id = ${users.id})`,
    })
    .from(deliveries)
    .leftJoin(users, eq(users.id, deliveries.riderId))
    .where(eq(deliveries.recipientTokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row) return null;
  const d = row.delivery;
  const endedAt = d.deliveredAt ?? d.cancelledAt ?? d.returnedAt;
  if (endedAt && now - endedAt.getTime() >= LINK_LIFETIME_AFTER_END_MS) return null;
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    delivery: d,
    view: {
      deliveryId: d.id,
      status: d.status,
      riderFirstName: row.riderFirstName ?? null,
      dropoffAddress: d.dropoffAddress,
      dropoffCity: d.dropoffCity,
      pickupCity: d.pickupCity,
      estimatedDuration: d.estimatedDuration,
      distance: d.distance,
      assignedAt: iso(d.assignedAt),
      pickedUpAt: iso(d.pickedUpAt),
      deliveredAt: iso(d.deliveredAt),
      cancelledAt: iso(d.cancelledAt),
      dropoffLatitude: d.dropoffLatitude,
      dropoffLongitude: d.dropoffLongitude,
      dropoffApproximate: d.dropoffApproximate,
      riderLatitude: d.riderLatitude,
      riderLongitude: d.riderLongitude,
      riderLocatedAt: iso(d.riderLocatedAt),
      rider:
        isTrackable(d.status) && d.status !== "returning" && row.vehicle
          ? {
              firstName: row.riderFirstName,
              vehicle: row.vehicle,
              rating: row.rating === null ? null : Number(row.rating),
              phone: row.phone,
            }
          : null,
      handoverCode:
        (isTrackable(d.status) && d.status !== "returning") || d.status === "pending" ? d.handoverCode : null,
      dropoffArrivedAt: d.status === "picked_up" || d.status === "in_transit" ? iso(d.dropoffArrivalAt) : null,
    },
  };
}
