import { Refusal, validationRefusal } from "~/http/refusal";
import { manilaDate } from "~/i18n/manila";
import { type Centavos, formatPesos, pesosToCentavos } from "~/money/money";
import { settingsBodySchema, settingsFromBody, settingsToBody } from "~/settings/settings-schema";
import { settingsInForce } from "~/settings/settings.server";
import { fundStanding } from "./fund.server";
import type { ProposalBody } from "./governance-schemas";
import { type LeafChange, leafChanges } from "./settings-proposal";
import { surplusCap, surplusPeriod } from "./surplus.server";

/**
 * A new proposal's payload, by kind, checked against what is true when it opens: the fund, the
 * period's surplus, the settings in force (docs/guide/coop.md).
 */

/** What each kind stores in `payload` (money in centavos). */
export type ProposalPayload =
  | { kind: "settings"; changes: LeafChange[]; baseVersion: number }
  /** `claimId`: opened by itself for a claim on the fund above the co-op's limit (app/coop/claims.server.ts). */
  | { kind: "payout"; amount: Centavos; purpose: string; claimId?: string }
  | { kind: "surplus_return"; period: { kind: "month" | "quarter" | "year"; start: string }; amount: Centavos }
  | { kind: "resolution" };

const PERIOD_START = {
  month: (_month: number) => true,
  quarter: (month: number) => [1, 4, 7, 10].includes(month),
  year: (month: number) => month === 1,
} as const;

/** The payload of a new proposal, checked against the settings in force (settings changes). */
export async function payloadOf(d1: D1Database, body: ProposalBody, now: number): Promise<ProposalPayload> {
  switch (body.kind) {
    case "resolution":
      return { kind: "resolution" };
    case "payout": {
      // Only what no claim holds (decision 0215): claims filed are paid first.
      const amount = pesosToCentavos(body.amount);
      const { balance, held, free } = await fundStanding(d1);
      if (amount > balance - held) {
        const values = { balance: formatPesos(Math.max(0, balance)), held: formatPesos(held), free: formatPesos(free) };
        throw amountRefusal(held > 0 ? "server.governance.payoutOverFree" : "server.governance.payoutOverFund", values);
      }
      return { kind: "payout", amount, purpose: body.purpose };
    }
    case "surplus_return": {
      const [year, month, day] = body.period.start.split("-").map(Number) as [number, number, number];
      const valid =
        day === 1 &&
        month >= 1 &&
        month <= 12 &&
        year >= 2020 &&
        PERIOD_START[body.period.kind](month) &&
        body.period.start <= manilaDate(now);
      if (!valid) throw fieldRefusal("period.start", "server.governance.periodStart");
      const amount = pesosToCentavos(body.amount);
      const cap = await surplusCap(d1, surplusPeriod(body.period));
      if (amount > cap) throw amountRefusal("server.governance.surplusOverCap", { most: formatPesos(cap) });
      return { kind: "surplus_return", period: body.period, amount };
    }
    case "settings": {
      const current = await settingsInForce(d1, now);
      const merged = mergeInto(settingsToBody(current.settings), body.settings);
      const parsed = settingsBodySchema.safeParse(merged);
      if (!parsed.success) {
        const refusal = validationRefusal(parsed.error);
        const prefix = (field: string) => `settings.${field}`;
        throw new Refusal(
          400,
          refusal.id,
          refusal.values,
          refusal.field ? prefix(refusal.field) : "settings",
          Object.fromEntries(
            Object.entries(refusal.fieldErrors ?? {}).map(([field, errors]) => [prefix(field), errors]),
          ),
        );
      }
      const next = settingsFromBody(parsed.data, current.settings);
      const changes = leafChanges(current.settings, next);
      if (changes.length === 0) throw fieldRefusal("settings", "server.governance.noChange");
      return { kind: "settings", changes, baseVersion: current.version };
    }
  }
}

const fieldRefusal = (field: string, id: "server.governance.periodStart" | "server.governance.noChange") =>
  new Refusal(400, id, undefined, field, { [field]: [{ id }] });

/** A payout the fund does not cover, or a surplus return over its period's cap: 400 on `amount`, with the most allowed. */
const amountRefusal = (
  id: "server.governance.payoutOverFund" | "server.governance.payoutOverFree" | "server.governance.surplusOverCap",
  values: Record<string, string>,
) => new Refusal(400, id, values, "amount", { amount: [{ id, values }] });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `patch` merged into `base`: objects key by key, anything else (lists included) replaces. */
function mergeInto(base: unknown, patch: unknown): unknown {
  if (!isObject(base) || !isObject(patch)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = key in base ? mergeInto(base[key], value) : value;
  return out;
}
