import { z } from "zod";
import { encodeMessage as says, word } from "~/i18n/message";
import { formatPesos } from "~/money/money";
import { pesoAmount } from "~/money/peso-input";
import { SETTINGS_MAX_PESOS } from "~/money/peso-limits";

/**
 * The parts the settings' schemas are built of (app/settings/settings-schema.ts): each field's rule,
 * its refusal a sentence naming the field in the reader's language (`server.settings.…`).
 */
type Field =
  | "baseFare"
  | "perKm"
  | "sizeSmall"
  | "sizeMedium"
  | "sizeLarge"
  | "feeAssigned"
  | "feeRiderArrived"
  | "dailyTiers"
  | "dailyTierDeliveries"
  | "dailyTierAmount"
  | "ratingBonusAmount"
  | "weeklyTiers"
  | "weeklyTierDeliveries"
  | "weeklyTierAmount"
  | "weeklyTopCount"
  | "weeklyTopAmount"
  | "promoAmount"
  | "promoMinimumFare"
  | "promoFirstDeliveryOnly"
  | "promoActive"
  | "pwd"
  | "senior"
  | "student"
  | "maxDistanceKm"
  | "peakDay"
  | "peakStartHour"
  | "peakEndHour"
  | "peakSurcharge"
  | "hotline"
  | "messenger"
  | "email"
  | "confirmLargeChange"
  | "claimApprovalLimit";
/** A field's name as a word inside a sentence ("the base fare"), in the reader's language. */
const fieldWord = (name: Field) => word(`server.settings.field.${name}`);

export const pesos = (name: Field) => {
  const field = fieldWord(name);
  return pesoAmount(SETTINGS_MAX_PESOS, "zeroOrMore", {
    required: says("server.settings.pesosRequired", { field }),
    notNumber: says("server.settings.pesosNotNumber", { field }),
    sign: says("server.settings.pesosNegative", { field }),
    tooLarge: says("server.settings.pesosTooLarge", { field, max: formatPesos(SETTINGS_MAX_PESOS * 100) }),
    centavos: says("server.settings.pesosCentavos", { field }),
  });
};
export const whole = (name: Field, min: number, max: number) => {
  const problem = says("server.settings.wholeNumber", { field: fieldWord(name), min, max });
  return z
    .number({ required_error: problem, invalid_type_error: problem })
    .int(problem)
    .min(min, problem)
    .max(max, problem);
};
export const percent = (name: Field) => {
  const problem = says("server.settings.percent", { field: fieldWord(name) });
  return z.number({ required_error: problem, invalid_type_error: problem }).min(0, problem).max(100, problem);
};
export const flag = (name: Field) =>
  z.boolean({ invalid_type_error: says("server.settings.onOrOff", { field: fieldWord(name) }) });

export const tiers = (name: "dailyTiers" | "weeklyTiers") => {
  const field = fieldWord(name);
  const each =
    name === "dailyTiers"
      ? ({ deliveries: "dailyTierDeliveries", amount: "dailyTierAmount" } as const)
      : ({ deliveries: "weeklyTierDeliveries", amount: "weeklyTierAmount" } as const);
  return z
    .array(z.object({ minDeliveries: whole(each.deliveries, 1, 1000), amount: pesos(each.amount) }), {
      invalid_type_error: says("server.settings.tiersList", { field }),
      required_error: says("server.settings.tiersList", { field }),
    })
    .max(5, says("server.settings.tiersMax", { field }))
    .refine(
      (list) => new Set(list.map((t) => t.minDeliveries)).size === list.length,
      says("server.settings.tiersDistinct", { field }),
    );
};

export const promoCode = z.object({
  code: z
    .string({
      required_error: says("server.settings.promoCodeRequired"),
      invalid_type_error: says("server.settings.promoCodeFormat"),
    })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{3,32}$/, says("server.settings.promoCodeFormat")),
  amount: pesos("promoAmount").refine(
    (v) => v > 0,
    says("server.settings.promoAmountPositive", { field: fieldWord("promoAmount") }),
  ),
  minimumFare: pesos("promoMinimumFare"),
  firstDeliveryOnly: flag("promoFirstDeliveryOnly").default(false),
  active: flag("promoActive").default(true),
});

/** A contact: empty means not set (then not shown). */
const contact = (name: "hotline" | "messenger" | "email", max: number, pattern: RegExp, problem: string) =>
  z
    .string({ invalid_type_error: says("server.settings.contactNotText", { field: fieldWord(name) }) })
    .trim()
    .max(max, says("server.settings.contactTooLong", { field: fieldWord(name), max }))
    .refine((value) => value === "" || pattern.test(value), problem)
    .nullish()
    .transform((value) => (value ? value : null));

export const contactsSchema = z.object({
  hotline: contact("hotline", 30, /^\+?\(?[0-9][0-9 ()-]{5,28}$/, says("server.settings.hotlineFormat")),
  messenger: contact(
    "messenger",
    200,
    /^https:\/\/(m\.me|www\.messenger\.com|messenger\.com)\/[A-Za-z0-9._/-]+$/,
    says("server.settings.messengerFormat"),
  ),
  email: contact("email", 120, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, says("server.settings.emailFormat")),
});
export const peakWindow = z
  .object({
    days: z
      .array(whole("peakDay", 0, 6), {
        invalid_type_error: says("server.settings.peakDaysList"),
        required_error: says("server.settings.peakDaysList"),
      })
      .min(1, says("server.settings.peakDaysMin"))
      .max(7, says("server.settings.peakDaysMax"))
      .refine((days) => new Set(days).size === days.length, says("server.settings.peakDayTwice")),
    startHour: whole("peakStartHour", 0, 23),
    endHour: whole("peakEndHour", 1, 24),
    surcharge: pesos("peakSurcharge"),
  })
  .refine((w) => w.startHour < w.endHour, { message: says("server.settings.peakEndAfterStart"), path: ["endHour"] });

/** Peak hours (migration 0183); a body without them keeps the defaults (older clients). */
export const peakHours = z
  .object({
    windows: z
      .array(peakWindow, {
        invalid_type_error: says("server.settings.peakWindowsList"),
        required_error: says("server.settings.peakWindowsList"),
      })
      .max(10, says("server.settings.peakWindowsMax")),
  })
  .optional();
