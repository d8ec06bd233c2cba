import { z } from "zod";
import { isCityValue } from "~/places/cities";
import { PACKAGE_SIZES, PACKAGE_TYPES, PAYMENT_METHODS, type PaymentMethod } from "~/db/enums";
import { encodeMessage, type AnyMessageId, type MessageDescriptor, word } from "~/i18n/message";
import { normalisePromoCode, PROMO_MESSAGES } from "~/pricing/fare-discounts";
import { lengthAtMost, safeText, type TextOptions } from "~/forms/text";
import { addressMessage, isUsableAddress } from "./booking-rules";

/**
 * The booking form, one schema for the page (conform) and for
 * `POST /api/deliveries`. Messages are ids (`server.booking.…`, encoded); required fields use the
 * "… is required" words, and a blank
 * (whitespace-only) value counts as missing. Fees, distance and duration sent by a client are not
 * part of it: zod drops them, and the server prices the booking itself.
 */
export const LIMITS = { address: 300, notes: 500, description: 500, phone: 20 } as const;

/**
 * Contact numbers: Philippine mobiles (09171234567, +639171234567) and landlines with their area
 * code ((02) 8123 4567, 032 234 5678). Spaces, dashes, dots and brackets are allowed while typing.
 */
const PHONE_PATTERN = /^(?:\+63|0)\d{9,10}$/;
const PHONE_MESSAGE = encodeMessage("server.booking.phoneInvalid");
const isPhilippinePhone = (value: string) => PHONE_PATTERN.test(value.replace(/[\s\-.()]/g, ""));

const says = (said: MessageDescriptor) => encodeMessage(said.id, said.values);
type End = "pickup" | "dropoff";

/** Blank counts as missing; later checks skip "" so a blank field gets only this message. */
const required = (requiredId: AnyMessageId) => {
  const message = encodeMessage(requiredId);
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);
};

const text = (
  label: MessageDescriptor,
  requiredId: AnyMessageId,
  tooLongId: AnyMessageId,
  max: number,
  options?: TextOptions,
) => safeText(required(requiredId).superRefine(lengthAtMost(max, encodeMessage(tooLongId, { max }))), label, options);

/** A street address: at least 5 characters with a letter; blank gets only the required message. */
const address = (end: End) =>
  text(
    word(`server.validation.field.${end}Address`),
    `server.booking.${end}AddressRequired`,
    `server.booking.${end}AddressTooLong`,
    LIMITS.address,
  ).refine((value) => value === "" || isUsableAddress(value), says(addressMessage(end)));

const city = (end: End) =>
  required(`server.booking.${end}CityRequired`).refine(
    (value) => value === "" || isCityValue(value),
    encodeMessage(`server.booking.${end}CityFromList`),
  );

const phone = (requiredId: AnyMessageId) =>
  required(requiredId)
    .max(LIMITS.phone, PHONE_MESSAGE)
    .refine((value) => value === "" || value.length > LIMITS.phone || isPhilippinePhone(value), PHONE_MESSAGE);

const notes = (end: End) =>
  safeText(
    z
      .string({ invalid_type_error: encodeMessage(`server.booking.${end}NotesText`) })
      .trim()
      .superRefine(
        lengthAtMost(LIMITS.notes, encodeMessage(`server.booking.${end}NotesTooLong`, { max: LIMITS.notes })),
      ),
    word(`server.validation.field.${end}Notes`),
    { multiline: true },
  )
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
const promoCodeField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | null => {
    if (value === undefined || value === null || value === "") return null;
    if (Array.isArray(value)) {
      if (value.length > 1) ctx.addIssue({ code: "custom", message: says(PROMO_MESSAGES.oneCode) });
      value = value[0] ?? "";
    }
    if (typeof value !== "string") {
      ctx.addIssue({ code: "custom", message: encodeMessage("server.booking.promoText") });
      return null;
    }
    const code = normalisePromoCode(value);
    if (code === "") return null;
    if (/[\s,;+&]/.test(code)) ctx.addIssue({ code: "custom", message: says(PROMO_MESSAGES.oneCode) });
    else if (code.length > 32) ctx.addIssue({ code: "custom", message: says(PROMO_MESSAGES.unknown) });
    return code;
  });

const paymentMethodField = z
  .enum(PAYMENT_METHODS, { errorMap: () => ({ message: encodeMessage("server.booking.paymentMethod") }) })
  .default("cash");

export const bookingSchema = z.object(
  {
    pickupAddress: address("pickup"),
    pickupCity: city("pickup"),
    pickupPhone: phone("server.booking.pickupPhoneRequired"),
    pickupNotes: notes("pickup"),
    dropoffAddress: address("dropoff"),
    dropoffCity: city("dropoff"),
    dropoffPhone: phone("server.booking.dropoffPhoneRequired"),
    dropoffNotes: notes("dropoff"),
    packageType: z
      .enum(PACKAGE_TYPES, { errorMap: () => ({ message: encodeMessage("server.booking.packageType") }) })
      .default("documents"),
    packageSize: z
      .enum(PACKAGE_SIZES, { errorMap: () => ({ message: encodeMessage("server.booking.packageSize") }) })
      .default("small"),
    packageDescription: text(
      word("server.validation.field.packageDescription"),
      "server.booking.descriptionRequired",
      "server.booking.descriptionTooLong",
      LIMITS.description,
      {
        multiline: true,
      },
    ),
    isFragile: z.boolean({ invalid_type_error: encodeMessage("server.booking.fragile") }).default(false),
    paymentMethod: paymentMethodField,
    promoCode: promoCodeField,
    /** "Text the recipient a tracking link": on unless the customer unticks it. */
    notifyRecipient: z.boolean({ invalid_type_error: encodeMessage("server.booking.notifyRecipient") }).default(true),
  },
  { invalid_type_error: encodeMessage("server.validation.invalidBody") },
);

export type BookingInput = z.infer<typeof bookingSchema>;

const MAX_QUOTE_KM = 2000;
const quotedAddress = (end: End) =>
  safeText(
    z
      .string()
      .trim()
      .superRefine(
        lengthAtMost(LIMITS.address, encodeMessage(`server.booking.${end}AddressTooLong`, { max: LIMITS.address })),
      ),
    word(`server.validation.field.${end}Address`),
  );

/**
 * `POST /api/pricing/calculate`: a plain `{distance, packageSize}`, or the two cities (and
 * addresses), whose server-side distance then wins over any `distance` sent.
 */
export const pricingRequestSchema = z
  .object(
    {
      distance: z.coerce
        .number({ invalid_type_error: encodeMessage("server.pricing.distanceNumber") })
        .min(0, encodeMessage("server.pricing.distanceNegative"))
        .max(MAX_QUOTE_KM, encodeMessage("server.pricing.distanceTooFar", { max: MAX_QUOTE_KM }))
        .optional(),
      packageSize: z.enum(PACKAGE_SIZES, {
        errorMap: () => ({ message: encodeMessage("server.pricing.packageSize") }),
      }),
      pickupCity: city("pickup").optional(),
      dropoffCity: city("dropoff").optional(),
      pickupAddress: quotedAddress("pickup").optional(),
      dropoffAddress: quotedAddress("dropoff").optional(),
      promoCode: promoCodeField,
    },
    { invalid_type_error: encodeMessage("server.validation.invalidBody") },
  )
  .superRefine((value, ctx) => {
    const hasCities = value.pickupCity !== undefined && value.dropoffCity !== undefined;
    if (hasCities || value.distance !== undefined) return;
    if (value.pickupCity !== undefined || value.dropoffCity !== undefined) {
      const missing = value.pickupCity === undefined ? "pickupCity" : "dropoffCity";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: encodeMessage(`server.booking.${missing === "pickupCity" ? "pickup" : "dropoff"}CityRequired`),
      });
      return;
    }
    ctx.addIssue({ code: "custom", path: ["distance"], message: encodeMessage("server.pricing.distanceOrCities") });
  });

/**
 * The booking page's "See the price" (the form without JavaScript): both cities and the size are
 * needed, the addresses help; the same quote as `POST /api/pricing/calculate` with the cities.
 */
export const bookingQuoteSchema = z.object({
  pickupCity: city("pickup"),
  dropoffCity: city("dropoff"),
  pickupAddress: quotedAddress("pickup").optional(),
  dropoffAddress: quotedAddress("dropoff").optional(),
  packageSize: z
    .enum(PACKAGE_SIZES, { errorMap: () => ({ message: encodeMessage("server.booking.packageSize") }) })
    .default("small"),
  promoCode: promoCodeField,
});
