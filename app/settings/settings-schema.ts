import { z } from "zod";
import { centavosToPesos, pesosToCentavos } from "~/money/money";
import { pesosField } from "~/deliveries/status-schema";
import { NO_CONTACTS, type CoopSettings, type IncentiveTier } from "./coop-settings";
import { DEFAULT_PEAK_HOURS, type PeakHours } from "~/pricing/peak";

/**
 * `PUT /api/admin/settings`'s body (and `GET`'s answer): the whole of the co-op's settings, money
 * in pesos. Shared by /admin/settings and the server. No negative amounts, percentages within 0-100,
 * each refusal naming its field (e.g. `rateCard.perKm`).
 */
const pesos = (field: string) => pesosField(field, 1_000_000);
const whole = (field: string, min: number, max: number) =>
  z
    .number({ required_error: `${field} is required`, invalid_type_error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} cannot be less than ${min}`)
    .max(max, `${field} must be at most ${max}`);
const percent = (field: string) =>
  z
    .number({ required_error: `${field} is required`, invalid_type_error: `${field} must be a number` })
    .min(0, `${field} must be a percentage from 0 to 100`)
    .max(100, `${field} must be a percentage from 0 to 100`);

const tiers = (field: string) =>
  z
    .array(z.object({ minDeliveries: whole(`${field} minDeliveries`, 1, 1000), amount: pesos(`${field} amount`) }), {
      invalid_type_error: `${field} must be a list of tiers`,
      required_error: `${field} is required`,
    })
    .max(5, `${field} has at most 5 tiers`)
    .refine((list) => new Set(list.map((t) => t.minDeliveries)).size === list.length, `${field}: each tier needs its own number of deliveries`);

const promoCode = z.object({
  code: z
    .string({ required_error: "Promo code is required", invalid_type_error: "Promo code must be text" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{3,32}$/, "Promo code must be 3 to 32 letters or digits"),
  amount: pesos("Promo amount").refine((v) => v > 0, "Promo amount must be more than 0"),
  minimumFare: pesos("Promo minimum fare"),
  firstDeliveryOnly: z.boolean({ invalid_type_error: "firstDeliveryOnly must be true or false" }).default(false),
  active: z.boolean({ invalid_type_error: "active must be true or false" }).default(true),
});

/** A contact: empty means not set (then not shown). */
const contact = (field: string, max: number, pattern: RegExp, problem: string) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => value === "" || pattern.test(value), problem)
    .nullish()
    .transform((value) => (value ? value : null));

export const contactsSchema = z.object({
  hotline: contact("Hotline", 30, /^\+?\(?[0-9][0-9 ()-]{5,28}$/, "Hotline must be a phone number (digits, spaces, +, - or brackets)"),
  messenger: contact("Messenger", 200, /^https:\/\/(m\.me|www\.messenger\.com|messenger\.com)\/[A-Za-z0-9._/-]+$/, "Messenger must be a link such as https://m.me/yourpage"),
  email: contact("Email", 120, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Email must be an email address"),
});
const peakWindow = z
  .object({
    days: z
      .array(whole("Peak days", 0, 6), { invalid_type_error: "Peak days must be a list of weekdays" })
      .min(1, "A peak window needs at least one day")
      .max(7, "A peak window has at most 7 days")
      .refine((days) => new Set(days).size === days.length, "Each peak day may appear once"),
    startHour: whole("Peak start hour", 0, 23),
    endHour: whole("Peak end hour", 1, 24),
    surcharge: pesos("Peak surcharge"),
  })
  .refine((w) => w.startHour < w.endHour, { message: "A peak window must end after it starts", path: ["endHour"] });

/** Peak hours (migration 0183); a body without them keeps the defaults (older clients). */
const peakHours = z
  .object({ windows: z.array(peakWindow, { invalid_type_error: "Peak windows must be a list" }).max(10, "At most 10 peak windows") })
  .optional();

export const settingsBodySchema = z.object({
  rateCard: z.object({
    baseFare: pesos("Base fare"),
    includedKm: z
      .number({ required_error: "Distance covered by the base fare is required", invalid_type_error: "Distance covered must be a number of km" })
      .min(0, "Distance covered cannot be negative")
      .max(100, "Distance covered must be at most 100 km"),
    perKm: pesos("Per-km fee"),
    sizeFees: z.object({ small: pesos("Small size fee"), medium: pesos("Medium size fee"), large: pesos("Large size fee") }),
  }),
  cancellationFees: z.object({ assigned: pesos("Cancellation fee once assigned"), riderArrived: pesos("Cancellation fee once the rider arrived") }),
  incentives: z.object({
    dailyTiers: tiers("Daily tiers"),
    dailyRatingBonus: z.object({
      minRating: z.number({ invalid_type_error: "Rating bonus minimum must be a number" }).min(1, "Rating bonus minimum must be from 1 to 5").max(5, "Rating bonus minimum must be from 1 to 5"),
      amount: pesos("Rating bonus amount"),
    }),
    weeklyTiers: tiers("Weekly tiers"),
    weeklyTop: z.object({ count: whole("Weekly top riders", 0, 100), amount: pesos("Weekly top amount") }),
  }),
  promoCodes: z
    .array(promoCode, { invalid_type_error: "promoCodes must be a list" })
    .max(50, "At most 50 promo codes")
    .refine((list) => new Set(list.map((p) => p.code)).size === list.length, "Each promo code may appear once"),
  idDiscountPercents: z.object({ pwd: percent("PWD discount"), senior: percent("Senior citizen discount"), student: percent("Student discount") }),
  /** Older clients that do not send it keep the default. */
  maxDistanceKm: whole("Longest delivery", 1, 500).default(60),
  /** Optional: left out, the contacts in force stay. */
  contacts: contactsSchema.optional(),
  /** Issue 27: a price changed by more than 50% is saved only with this set (the page's second confirmation). */
  confirmLargeChange: z.boolean({ invalid_type_error: "confirmLargeChange must be true or false" }).optional(),
  peakHours,
});
export type SettingsBody = z.infer<typeof settingsBodySchema>;

const c = pesosToCentavos;
const p = centavosToPesos;
const tiersIn = (list: { minDeliveries: number; amount: number }[]): IncentiveTier[] => list.map((t) => ({ minDeliveries: t.minDeliveries, amount: c(t.amount) }));
const tiersOut = (list: IncentiveTier[]) => list.map((t) => ({ minDeliveries: t.minDeliveries, amount: p(t.amount) }));

export function settingsFromBody(
  body: SettingsBody,
  current: Pick<CoopSettings, "contacts"> & Partial<Pick<CoopSettings, "peakHours">> = { contacts: NO_CONTACTS },
): CoopSettings {
  return {
    rateCard: {
      baseFare: c(body.rateCard.baseFare),
      includedKm: body.rateCard.includedKm,
      perKm: c(body.rateCard.perKm),
      sizeFees: { small: c(body.rateCard.sizeFees.small), medium: c(body.rateCard.sizeFees.medium), large: c(body.rateCard.sizeFees.large) },
    },
    cancellationFees: { assigned: c(body.cancellationFees.assigned), riderArrived: c(body.cancellationFees.riderArrived) },
    incentives: {
      dailyTiers: tiersIn(body.incentives.dailyTiers),
      dailyRatingBonus: { minRating: body.incentives.dailyRatingBonus.minRating, amount: c(body.incentives.dailyRatingBonus.amount) },
      weeklyTiers: tiersIn(body.incentives.weeklyTiers),
      weeklyTop: { count: body.incentives.weeklyTop.count, amount: c(body.incentives.weeklyTop.amount) },
    },
    promoCodes: Object.fromEntries(
      body.promoCodes.map((promo) => [promo.code, { amount: c(promo.amount), minimumFare: c(promo.minimumFare), firstDeliveryOnly: promo.firstDeliveryOnly, active: promo.active }]),
    ),
    idDiscountPercents: body.idDiscountPercents,
    maxDistanceKm: body.maxDistanceKm,
    contacts: body.contacts ? { hotline: body.contacts.hotline ?? null, messenger: body.contacts.messenger ?? null, email: body.contacts.email ?? null } : current.contacts,
    peakHours: body.peakHours ? peakHoursIn(body.peakHours) : current.peakHours ?? DEFAULT_PEAK_HOURS,
  };
}

const peakHoursIn = (hours: NonNullable<SettingsBody["peakHours"]>): PeakHours => ({
  windows: hours.windows.map((w) => ({ days: [...w.days].sort(), startHour: w.startHour, endHour: w.endHour, surcharge: c(w.surcharge) })),
});

export function settingsToBody(settings: CoopSettings): SettingsBody {
  return {
    rateCard: {
      baseFare: p(settings.rateCard.baseFare),
      includedKm: settings.rateCard.includedKm,
      perKm: p(settings.rateCard.perKm),
      sizeFees: { small: p(settings.rateCard.sizeFees.small), medium: p(settings.rateCard.sizeFees.medium), large: p(settings.rateCard.sizeFees.large) },
    },
    cancellationFees: { assigned: p(settings.cancellationFees.assigned), riderArrived: p(settings.cancellationFees.riderArrived) },
    incentives: {
      dailyTiers: tiersOut(settings.incentives.dailyTiers),
      dailyRatingBonus: { minRating: settings.incentives.dailyRatingBonus.minRating, amount: p(settings.incentives.dailyRatingBonus.amount) },
      weeklyTiers: tiersOut(settings.incentives.weeklyTiers),
      weeklyTop: { count: settings.incentives.weeklyTop.count, amount: p(settings.incentives.weeklyTop.amount) },
    },
    promoCodes: Object.entries(settings.promoCodes).map(([code, rule]) => ({
      code,
      amount: p(rule.amount),
      minimumFare: p(rule.minimumFare),
      firstDeliveryOnly: rule.firstDeliveryOnly,
      active: rule.active,
    })),
    idDiscountPercents: settings.idDiscountPercents,
    maxDistanceKm: settings.maxDistanceKm,
    contacts: { ...NO_CONTACTS, ...settings.contacts },
    peakHours: { windows: settings.peakHours.windows.map((w) => ({ ...w, surcharge: p(w.surcharge) })) },
  };
}
