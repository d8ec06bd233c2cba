/**
 * The Terms of Service and the Privacy Notice, as sections of blocks (decision 0211): a string is a
 * paragraph's id, an array a list of points, `@rateCard` the rate card in force, `@contacts` the
 * co-op's contacts. The words are the `legal` catalog's (`legal.{kind}.{section}.{block}`).
 */
export type LegalKind = "terms" | "privacy";
export type LegalBlock = string | string[];

export const TERMS_SECTIONS: { id: string; blocks: LegalBlock[] }[] = [
  { id: "about", blocks: ["p1"] },
  { id: "accounts", blocks: ["p1"] },
  { id: "bookings", blocks: ["p1", "@rateCard", ["peak", "distance"], "p2"] },
  { id: "cancellations", blocks: ["p1", ["free", "assigned", "arrived", "pickedUp", "unpaid"], "p2"] },
  { id: "payments", blocks: ["p1", "discounts", "refunds"] },
  { id: "riders", blocks: ["p1", ["papers", "location", "handover", "cash", "share"], "p2"] },
  { id: "liability", blocks: ["p1", "p2"] },
  { id: "conduct", blocks: ["p1"] },
  { id: "changes", blocks: ["p1"] },
  { id: "law", blocks: ["p1"] },
  { id: "contact", blocks: ["@contacts"] },
];

export const PRIVACY_SECTIONS: { id: string; blocks: LegalBlock[] }[] = [
  { id: "who", blocks: ["p1"] },
  { id: "collect", blocks: [["account", "bookings", "location", "ids", "riders", "claims", "technical"], "p2"] },
  { id: "why", blocks: [["contract", "law", "safety", "sensitive", "push"]] },
  { id: "retention", blocks: [["codes", "positions", "link", "ids", "claims", "accounts"]] },
  { id: "access", blocks: [["customers", "riders", "recipients", "admins", "processors", "government"]] },
  { id: "rights", blocks: ["p1", ["informed", "access", "correct", "object", "damages", "complain"], "p2"] },
  { id: "security", blocks: ["p1"] },
  { id: "breach", blocks: ["p1"] },
  { id: "dpo", blocks: ["p1", "@contacts"] },
  { id: "changes", blocks: ["p1"] },
];
