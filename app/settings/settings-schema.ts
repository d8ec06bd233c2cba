import { z } from "zod";
import { encodeMessage as says } from "~/i18n/message";
import { centavosToPesos, pesosToCentavos } from "~/money/money";
import { DEFAULT_SETTINGS, NO_CONTACTS, type CoopSettings, type IncentiveTier } from "./coop-settings";
import { DEFAULT_PEAK_HOURS, type PeakHours } from "~/pricing/peak";
import {
  contactsSchema,
  flag,
  peakHours,
  peakWindow,
  percent,
  pesos,
  promoCode,
  tiers,
  whole,
} from "./settings-fields";

const includedKm = says("server.settings.includedKm");
const ratingMin = says("server.settings.ratingMin");

/**
 * `PUT /api/admin/settings`'s body (and `GET`'s answer): the whole of the co-op's settings, money
 * in pesos. Shared by /admin/settings and the server. No negative amounts, percentages within 0-100,
 * each refusal a sentence naming its field in the reader's language (`server.settings.…`).
 */
export const settingsBodySchema = z.object({
  rateCard: z.object({
    baseFare: pesos("baseFare"),
    includedKm: z
      .number({ required_error: includedKm, invalid_type_error: includedKm })
      .min(0, includedKm)
      .max(100, includedKm),
    perKm: pesos("perKm"),
    sizeFees: z.object({ small: pesos("sizeSmall"), medium: pesos("sizeMedium"), large: pesos("sizeLarge") }),
  }),
  cancellationFees: z.object({ assigned: pesos("feeAssigned"), riderArrived: pesos("feeRiderArrived") }),
  incentives: z.object({
    dailyTiers: tiers("dailyTiers"),
    dailyRatingBonus: z.object({
      minRating: z
        .number({ required_error: ratingMin, invalid_type_error: ratingMin })
        .min(1, ratingMin)
        .max(5, ratingMin),
      amount: pesos("ratingBonusAmount"),
    }),
    weeklyTiers: tiers("weeklyTiers"),
    weeklyTop: z.object({ count: whole("weeklyTopCount", 0, 100), amount: pesos("weeklyTopAmount") }),
  }),
  promoCodes: z
    .array(promoCode, {
      invalid_type_error: says("server.settings.promoCodesList"),
      required_error: says("server.settings.promoCodesList"),
    })
    .max(50, says("server.settings.promoCodesMax"))
    .refine((list) => new Set(list.map((p) => p.code)).size === list.length, says("server.settings.promoCodeTwice")),
  idDiscountPercents: z.object({ pwd: percent("pwd"), senior: percent("senior"), student: percent("student") }),
  /** Older clients that do not send it keep the default. */
  maxDistanceKm: whole("maxDistanceKm", 1, 500).default(60),
  /** Optional: left out, the contacts in force stay. */
  contacts: contactsSchema.optional(),
  /** A price changed by more than 50% is saved only with this set (the page's second confirmation). */
  confirmLargeChange: flag("confirmLargeChange").optional(),
  peakHours,
  /** Claims up to this are an admin's to decide; left out, the limit in force stays. */
  claimApprovalLimit: pesos("claimApprovalLimit").optional(),
});
export type SettingsBody = z.infer<typeof settingsBodySchema>;

const baseVersionProblem = says("server.settings.baseVersion");
/**
 * `PUT /api/admin/settings`'s body: the settings and `baseVersion`, the version they were read
 * from (`version` of `GET /api/admin/settings`; the page's hidden field). A save is refused (409)
 * when another version came in between (decision 0219).
 */
export const settingsSaveBodySchema = settingsBodySchema.extend({
  baseVersion: z
    .number({ required_error: baseVersionProblem, invalid_type_error: baseVersionProblem })
    .int(baseVersionProblem)
    .min(0, baseVersionProblem),
});
export type SettingsSaveBody = z.infer<typeof settingsSaveBodySchema>;

const c = pesosToCentavos;
const p = centavosToPesos;
const tiersIn = (list: { minDeliveries: number; amount: number }[]): IncentiveTier[] =>
  list.map((t) => ({ minDeliveries: t.minDeliveries, amount: c(t.amount) }));
const tiersOut = (list: IncentiveTier[]) => list.map((t) => ({ minDeliveries: t.minDeliveries, amount: p(t.amount) }));

export function settingsFromBody(
  body: SettingsBody,
  current: Pick<CoopSettings, "contacts"> & Partial<Pick<CoopSettings, "peakHours" | "claimApprovalLimit">> = {
    contacts: NO_CONTACTS,
  },
): CoopSettings {
  return {
    rateCard: {
      baseFare: c(body.rateCard.baseFare),
      includedKm: body.rateCard.includedKm,
      perKm: c(body.rateCard.perKm),
      sizeFees: {
        small: c(body.rateCard.sizeFees.small),
        medium: c(body.rateCard.sizeFees.medium),
        large: c(body.rateCard.sizeFees.large),
      },
    },
    cancellationFees: {
      assigned: c(body.cancellationFees.assigned),
      riderArrived: c(body.cancellationFees.riderArrived),
    },
    incentives: {
      dailyTiers: tiersIn(body.incentives.dailyTiers),
      dailyRatingBonus: {
        minRating: body.incentives.dailyRatingBonus.minRating,
        amount: c(body.incentives.dailyRatingBonus.amount),
      },
      weeklyTiers: tiersIn(body.incentives.weeklyTiers),
      weeklyTop: { count: body.incentives.weeklyTop.count, amount: c(body.incentives.weeklyTop.amount) },
    },
    promoCodes: Object.fromEntries(
      body.promoCodes.map((promo) => [
        promo.code,
        {
          amount: c(promo.amount),
          minimumFare: c(promo.minimumFare),
          firstDeliveryOnly: promo.firstDeliveryOnly,
          active: promo.active,
        },
      ]),
    ),
    idDiscountPercents: body.idDiscountPercents,
    maxDistanceKm: body.maxDistanceKm,
    contacts: body.contacts
      ? {
          hotline: body.contacts.hotline ?? null,
          messenger: body.contacts.messenger ?? null,
          email: body.contacts.email ?? null,
        }
      : current.contacts,
    peakHours: body.peakHours ? peakHoursIn(body.peakHours) : (current.peakHours ?? DEFAULT_PEAK_HOURS),
    claimApprovalLimit:
      body.claimApprovalLimit !== undefined
        ? c(body.claimApprovalLimit)
        : (current.claimApprovalLimit ?? DEFAULT_SETTINGS.claimApprovalLimit),
  };
}

const peakHoursIn = (hours: NonNullable<SettingsBody["peakHours"]>): PeakHours => ({
  windows: hours.windows.map((w) => ({
    days: [...w.days].sort(),
    startHour: w.startHour,
    endHour: w.endHour,
    surcharge: c(w.surcharge),
  })),
});

export function settingsToBody(settings: CoopSettings): SettingsBody {
  return {
    rateCard: {
      baseFare: p(settings.rateCard.baseFare),
      includedKm: settings.rateCard.includedKm,
      perKm: p(settings.rateCard.perKm),
      sizeFees: {
        small: p(settings.rateCard.sizeFees.small),
        medium: p(settings.rateCard.sizeFees.medium),
        large: p(settings.rateCard.sizeFees.large),
      },
    },
    cancellationFees: {
      assigned: p(settings.cancellationFees.assigned),
      riderArrived: p(settings.cancellationFees.riderArrived),
    },
    incentives: {
      dailyTiers: tiersOut(settings.incentives.dailyTiers),
      dailyRatingBonus: {
        minRating: settings.incentives.dailyRatingBonus.minRating,
        amount: p(settings.incentives.dailyRatingBonus.amount),
      },
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
    claimApprovalLimit: p(settings.claimApprovalLimit),
  };
}

/**
 * The settings page's form (decision 0187): the same rules as the body, read from form fields by
 * conform. Only what a form cannot say differently: an unticked box is not sent (off, not the
 * default), and a list whose rows were all removed is not sent either (empty, not missing).
 */
export const settingsFormSchema = settingsSaveBodySchema.extend({
  incentives: settingsBodySchema.shape.incentives.extend({
    dailyTiers: tiers("dailyTiers").default([]),
    weeklyTiers: tiers("weeklyTiers").default([]),
  }),
  promoCodes: z
    .array(
      promoCode.extend({
        firstDeliveryOnly: flag("promoFirstDeliveryOnly").default(false),
        active: flag("promoActive").default(false),
      }),
    )
    .max(50, says("server.settings.promoCodesMax"))
    .refine((list) => new Set(list.map((p) => p.code)).size === list.length, says("server.settings.promoCodeTwice"))
    .default([]),
  peakHours: z
    .object({ windows: z.array(peakWindow).max(10, says("server.settings.peakWindowsMax")).default([]) })
    .default({ windows: [] }),
});
