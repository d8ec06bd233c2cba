/**
 * What can be booked (PRODUCT.md, "What the product says is true"; issue 27, decision 0181). Pure:
 * the rules and their words, in English (the catalogs translate them). The database side (the
 * conditional insert that settles races) is in booking-limits.server.ts.
 */

/** Bookings a customer may hold that wait for a rider or a payment (status pending). */
export const MAX_WAITING_BOOKINGS = 10;

export const TOO_MANY_WAITING_MESSAGE = `You already have ${MAX_WAITING_BOOKINGS} bookings waiting for a rider or a payment. Please wait until one is taken, paid or cancelled before booking again.`;

/** The refusal of a trip longer than the co-op's limit (a setting, 60 km by default). */
export const tooFarMessage = (maxKm: number) => `This is too far for one delivery (${maxKm} km at most).`;

/** Whether a trip of this road estimate may be booked. */
export const isWithinReach = (distanceKm: number, maxKm: number) => distanceKm <= maxKm;

/** An address needs at least 5 characters, one of them a letter ("x", "12345" are not addresses). */
export const MIN_ADDRESS_LENGTH = 5;

export const isUsableAddress = (address: string) => address.trim().length >= MIN_ADDRESS_LENGTH && /\p{L}/u.test(address);

export const addressMessage = (label: "Pickup" | "Dropoff") =>
  `${label} address must have at least ${MIN_ADDRESS_LENGTH} characters, with a street or place name (e.g., 12 Maginhawa St)`;
