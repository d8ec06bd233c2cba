/**
 * What can be booked (docs/guide/deliveries.md#booking-limits, decision 0181). Pure:
 * the rules and their messages (ids of the catalogs). The database side (the
 * conditional insert that settles races) is in booking-limits.server.ts.
 */

import { message } from "~/i18n/message";

/** Bookings a customer may hold that wait for a rider or a payment (status pending). */
export const MAX_WAITING_BOOKINGS = 10;

/** The refusal of too many waiting bookings (429). */
export const tooManyWaitingMessage = () => message("server.booking.tooManyWaiting", { max: MAX_WAITING_BOOKINGS });

/** The refusal of a trip longer than the co-op's limit (a setting, 60 km by default). */
export const tooFarMessage = (maxKm: number) => message("server.booking.tooFar", { max: maxKm });

/** Whether a trip of this road estimate may be booked. */
export const isWithinReach = (distanceKm: number, maxKm: number) => distanceKm <= maxKm;

/** An address needs at least 5 characters, one of them a letter ("x", "12345" are not addresses). */
const MIN_ADDRESS_LENGTH = 5;

export const isUsableAddress = (address: string) =>
  address.trim().length >= MIN_ADDRESS_LENGTH && /\p{L}/u.test(address);

export const addressMessage = (end: "pickup" | "dropoff") =>
  message(end === "pickup" ? "server.booking.pickupAddressTooShort" : "server.booking.dropoffAddressTooShort", {
    min: MIN_ADDRESS_LENGTH,
  });
