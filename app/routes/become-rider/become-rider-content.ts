/**
 * The content of /become-rider (its figures: docs/guide/what-is-true.md#public-figures): its
 * structure only. The words are in the `becomeRider` catalog (app/i18n/catalogs/{en,fil}/becomeRider.ts),
 * sent with the page's loader data, so they are not in the page's JavaScript.
 */

export const RIDER_TESTIMONIALS = [
  { id: "rico", name: 'Ricardo "Rico" M.' },
  { id: "rosa", name: 'Rosalinda "Rosa" T.' },
] as const;

export const RIDER_BENEFITS = [
  { icon: "💰", id: "earn" },
  { icon: "📈", id: "share" },
  { icon: "🛡️", id: "insurance" },
  { icon: "🗳️", id: "vote" },
  { icon: "🎯", id: "incentives" },
  { icon: "⏱️", id: "flexible" },
] as const;

export const RIDER_REQUIREMENTS = [
  { id: "motorcycle", items: ["motorcycle.orcr", "motorcycle.deed"] },
  { id: "license", items: ["license.code", "license.professional"] },
  { id: "clearance", items: ["clearance.clearance", "clearance.id"] },
] as const;

export const RIDER_REMINDERS = ["medical", "rental", "dress", "phone"] as const;

export const APPLICATION_STEPS = ["signUp", "training", "inspection", "kit"] as const;
