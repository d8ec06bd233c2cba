import { z } from "zod";
import { isCityValue } from "~/cities/cities";
import { PACKAGE_SIZES, PACKAGE_TYPES, PAYMENT_METHODS, type PackageSize, type PaymentMethod } from "~/db/enums";
import { normalisePromoCode, PROMO_MESSAGES } from "~/pricing/discounts";
import { safeText, type TextOptions } from "~/validation/text";
import { addressMessage, isUsableAddress } from "./booking-rules";

/**
 * The booking form (spec section 5), one schema for the page (conform) and for
 * `POST /api/deliveries`. Required fields use the spec's messages word for word, and a blank
 * (whitespace-only) value counts as missing. Fees, distance and duration sent by a client are not
 * part of it: zod drops them, and the server prices the booking itself.
 */
export const LIMITS = { address: 300, notes: 500, description: 500, phone: 20 } as const;

/**
 * Contact numbers: Philippine mobiles (09171234567, +639171234567) and landlines with their area
 * code ((02) 8123 4567, 032 234 5678). Spaces, dashes, dots and brackets are allowed while typing.
 */
const PHONE_PATTERN = /^(?:\+63|0)\d{9,10}$/;
export const PHONE_MESSAGE = "Please enter a valid Philippine phone number (e.g., 09171234567)";
export const isPhilippinePhone = (value: string) => PHONE_PATTERN.test(value.replace(/[\s\-.()]/g, ""));

/** Blank counts as missing; later checks skip "" so a blank field gets only this message. */
const required = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

const text = (label: string, requiredMessage: string, max: number, options?: TextOptions) =>
  safeText(required(requiredMessage).max(max, `${label} must be at most ${max} characters`), label, options);

/** A street address: at least 5 characters with a letter (issue 27); blank gets only the required message. */
const address = (label: "Pickup" | "Dropoff") =>
  text(`${label} address`, `${label} address is required`, LIMITS.address).refine((value) => value === "" || isUsableAddress(value), addressMessage(label));

const city = (requiredMessage: string, label: "Pickup" | "Dropoff") =>
  required(requiredMessage).refine((value) => value === "" || isCityValue(value), `${label} city must be chosen from the list (e.g., Makati, Metro Manila)`);

const phone = (requiredMessage: string) =>
  required(requiredMessage)
    .max(LIMITS.phone, PHONE_MESSAGE)
    .refine((value) => value === "" || value.length > LIMITS.phone || isPhilippinePhone(value), PHONE_MESSAGE);

const notes = (label: string) =>
  safeText(z.string({ invalid_type_error: `${label} must be text` }).trim().max(LIMITS.notes, `${label} must be at most ${LIMITS.notes} characters`), label, {
    multiline: true,
  })
    .nullish()
    .transform((value) => (value ? value : null));

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  gcash: "GCash",
  maya: "Maya",
  card: "Card (Visa, Mastercard)",
  invoice: "Invoice (business account)",
};

/**
 * One promo code per booking, any case; blank means none. A list, or several codes in one value,
 * is refused. Whether the code exists and applies is decided by the server (it needs the customer).
 */
export const promoCodeField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | null => {
    if (value === undefined || value === null || value === "") return null;
    if (Array.isArray(value)) {
      if (value.length > 1) ctx.addIssue({ code: "custom", message: PROMO_MESSAGES.oneCode });
      value = value[0] ?? "";
    }
    if (typeof value !== "string") {
      ctx.addIssue({ code: "custom", message: "Promo code must be text" });
      return null;
    }
    const code = normalisePromoCode(value);
    if (code === "") return null;
    if (/[\s,;+&]/.test(code)) ctx.addIssue({ code: "custom", message: PROMO_MESSAGES.oneCode });
    else if (code.length > 32) ctx.addIssue({ code: "custom", message: PROMO_MESSAGES.unknown });
    return code;
  });

export const paymentMethodField = z
  .enum(PAYMENT_METHODS, { errorMap: () => ({ message: "Payment method must be one of cash, gcash, maya, card, invoice" }) })
  .default("cash");

export const bookingSchema = z.object({
  pickupAddress: address("Pickup"),
  pickupCity: city("Pickup city is required", "Pickup"),
  pickupPhone: phone("Pickup contact number is required"),
  pickupNotes: notes("Pickup notes"),
  dropoffAddress: address("Dropoff"),
  dropoffCity: city("Dropoff city is required", "Dropoff"),
  dropoffPhone: phone("Dropoff contact number is required"),
  dropoffNotes: notes("Dropoff notes"),
  packageType: z.enum(PACKAGE_TYPES, { errorMap: () => ({ message: "Please choose a package type" }) }).default("documents"),
  packageSize: z.enum(PACKAGE_SIZES, { errorMap: () => ({ message: "Please choose a package size" }) }).default("small"),
  packageDescription: text("Package description", "Package description is required", LIMITS.description, { multiline: true }),
  isFragile: z.boolean({ invalid_type_error: "Fragile must be true or false" }).default(false),
  paymentMethod: paymentMethodField,
  promoCode: promoCodeField,
  /** "Text the recipient a tracking link": on unless the customer unticks it. */
  notifyRecipient: z.boolean({ invalid_type_error: "notifyRecipient must be true or false" }).default(true),
});

export type BookingInput = z.infer<typeof bookingSchema>;

/**
 * `POST /api/pricing/calculate`: the spec's `{distance, packageSize}`, or the two cities (and
 * addresses), whose server-side distance then wins over any `distance` sent.
 */
export const pricingRequestSchema = z
  .object({
    distance: z.coerce
      .number({ invalid_type_error: "Distance must be a number of kilometres" })
      .min(0, "Distance cannot be negative")
      .max(2000, "Distance must be at most 2000 km")
      .optional(),
    packageSize: z.enum(PACKAGE_SIZES, {
      errorMap: () => ({ message: "Package size must be one of small, medium, large" }),
    }),
    pickupCity: city("Pickup city is required", "Pickup").optional(),
    dropoffCity: city("Dropoff city is required", "Dropoff").optional(),
    pickupAddress: safeText(z.string().trim().max(LIMITS.address, `Pickup address must be at most ${LIMITS.address} characters`), "Pickup address").optional(),
    dropoffAddress: safeText(z.string().trim().max(LIMITS.address, `Dropoff address must be at most ${LIMITS.address} characters`), "Dropoff address").optional(),
    promoCode: promoCodeField,
  })
  .superRefine((value, ctx) => {
    const hasCities = value.pickupCity !== undefined && value.dropoffCity !== undefined;
    if (hasCities || value.distance !== undefined) return;
    if (value.pickupCity !== undefined || value.dropoffCity !== undefined) {
      const missing = value.pickupCity === undefined ? "pickupCity" : "dropoffCity";
      ctx.addIssue({ code: "custom", path: [missing], message: missing === "pickupCity" ? "Pickup city is required" : "Dropoff city is required" });
      return;
    }
    ctx.addIssue({ code: "custom", path: ["distance"], message: "Send a distance, or both cities" });
  });

export type { PackageSize };
