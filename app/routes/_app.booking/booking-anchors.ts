/**
 * Where /booking lands after each of its actions (the form's and its buttons' actions name them;
 * so does the redirect after booking): the answer next to Confirm Booking, the price after "See
 * the price", the promo field after Apply or Remove, the new booking at the top after booking.
 */
export const BOOKING_ANSWER_ANCHOR = "booking-answer";
export const PRICE_ANCHOR = "estimate";
export const PROMO_ANCHOR = "promo";
export const BOOKED_ANCHOR = "booked";

export const bookingActionTo = (anchor: string) => `/booking#${anchor}`;
