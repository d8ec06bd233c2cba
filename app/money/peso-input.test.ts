import { describe, expect, it } from "vitest";
import { seededRandom } from "../../test/seeded-random";
import { claimFieldsSchema } from "~/coop/claim-schemas";
import { pesosField } from "~/deliveries/status-schema";
import { proposalBodySchema } from "~/coop/governance-schemas";
import { newProposalFormSchema } from "~/coop/proposal-form-schemas";
import { parseSubmission } from "~/forms/submission";
import { decodeMessage, word } from "~/i18n/message";
import { adjustmentSchema, cashoutRequestSchema, remittanceSchema } from "~/ledger/ledger-schemas";
import { settingsBodySchema } from "~/settings/settings-schema";
import { formatPesos } from "./money";
import { parsePesoText } from "./peso-input";
import {
  CANCELLATION_FEE_MAX_PESOS,
  CLAIM_MAX_PESOS,
  LEDGER_MAX_PESOS,
  PROPOSAL_MAX_PESOS,
  SETTINGS_MAX_PESOS,
} from "./peso-limits";

describe("pesos as people type them", () => {
  it("reads thousands separators, a peso sign and a minus; refuses a comma that is not one", () => {
    expect(parsePesoText("1,500")).toBe(1500);
    expect(parsePesoText(" ₱1,234,567.50 ")).toBe(1234567.5);
    expect(parsePesoText("P 250")).toBe(250);
    expect(parsePesoText("1500.25")).toBe(1500.25);
    expect(parsePesoText(".50")).toBe(0.5);
    expect(parsePesoText("-1,000")).toBe(-1000);
    expect(parsePesoText("−75.5")).toBe(-75.5);
    for (const bad of [
      "1,5",
      "15,00",
      "1,50,000",
      "1.500,00",
      "abc",
      "",
      ".",
      "₱",
      "1 500",
      "12e3",
      "0x10",
      "1,500.50.1",
    ])
      expect(parsePesoText(bad), bad).toBeNull();
  });

  it("reads back every amount as the pages show it, with or without separators (2,000 random amounts)", () => {
    const random = seededRandom(45);
    for (let i = 0; i < 2_000; i++) {
      const centavos = random.int(0, 999_999_999);
      const shown = formatPesos(centavos);
      expect(parsePesoText(shown), shown).toBe(centavos / 100);
      expect(parsePesoText(shown.replace(/[₱,]/g, ""))).toBe(centavos / 100);
    }
  });

  it("is the rule of every form that takes pesos: claims, cash-outs, remittances, adjustments, settings, proposals, a cancellation fee", () => {
    const form = (entries: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(entries)) data.set(name, value);
      return data;
    };
    expect(claimFieldsSchema.parse({ kind: "accident", amount: "1,500", note: "Fell on EDSA" }).amount).toBe(1500);
    expect(cashoutRequestSchema.parse({ amount: "1,250.50", method: "office" }).amount).toBe(1250.5);
    expect(remittanceSchema.parse({ amount: "2,000" }).amount).toBe(2000);
    expect(adjustmentSchema.parse({ amount: "-1,000.25", note: "Correction" }).amount).toBe(-1000.25);
    expect(pesosField(word("server.deliveries.word.cancellationFee")).parse("1,000")).toBe(1000);
    const proposal = parseSubmission(
      form({ kind: "payout", title: "Typhoon aid", amount: "12,500", purpose: "Aid", votingDays: "3" }),
      newProposalFormSchema,
    );
    expect(proposal.status === "success" && proposal.value.kind === "payout" ? proposal.value.amount : null).toBe(
      12500,
    );
    const claim = parseSubmission(form({ kind: "accident", amount: "1,500.75", note: "x" }), claimFieldsSchema);
    expect(claim.status === "success" ? claim.value.amount : null).toBe(1500.75);
    const rateCard = settingsBodySchema.shape.rateCard.safeParse({
      baseFare: "1,045.50",
      includedKm: 2,
      perKm: 12,
      sizeFees: { small: 0, medium: "1,000", large: 40 },
    });
    expect(rateCard.success ? [rateCard.data.baseFare, rateCard.data.sizeFees.medium] : rateCard.error.issues).toEqual([
      1045.5, 1000,
    ]);
    // A comma that is not a thousands separator is refused, not read as something else.
    expect(claimFieldsSchema.safeParse({ kind: "accident", amount: "1,5", note: "x" }).success).toBe(false);
    expect(remittanceSchema.safeParse({ amount: "15,00" }).success).toBe(false);
  });
});

describe("each kind of amount: its limit of app/money/peso-limits.ts, its sign, whole centavos", () => {
  type Schema = { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } };
  /** The message ids of the refusals, in order. */
  const ids = (schema: Schema, value: unknown) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => decodeMessage(issue.message)?.id ?? issue.message);
  const settingsPesos = settingsBodySchema.shape.cancellationFees.shape.assigned;
  const claimAmount = claimFieldsSchema.shape.amount;
  const payoutAmount = proposalBodySchema.options[1].shape.amount;
  const cases = [
    {
      name: "a remittance",
      schema: remittanceSchema.shape.amount,
      max: LEDGER_MAX_PESOS,
      tooLarge: "server.ledger.amountTooLarge",
      centavos: "server.ledger.amountCentavos",
      sign: [0, "server.ledger.amountPositive"],
    },
    {
      name: "an adjustment",
      schema: adjustmentSchema.shape.amount,
      max: LEDGER_MAX_PESOS,
      tooLarge: "server.ledger.amountTooLarge",
      centavos: "server.ledger.amountCentavos",
      sign: [0, "server.ledger.adjustmentZero"],
    },
    {
      name: "a setting",
      schema: settingsPesos,
      max: SETTINGS_MAX_PESOS,
      tooLarge: "server.settings.pesosTooLarge",
      centavos: "server.settings.pesosCentavos",
      sign: [-1, "server.settings.pesosNegative"],
    },
    {
      name: "a claim",
      schema: claimAmount,
      max: CLAIM_MAX_PESOS,
      tooLarge: "server.claims.amount",
      centavos: "server.claims.amountCentavos",
      sign: [0, "server.claims.amount"],
    },
    {
      name: "a payout proposal",
      schema: payoutAmount,
      max: PROPOSAL_MAX_PESOS,
      tooLarge: "server.governance.amount",
      centavos: "server.governance.amountCentavos",
      sign: [0, "server.governance.amount"],
    },
    {
      name: "a cancellation fee",
      schema: pesosField(word("server.deliveries.word.cancellationFee")),
      max: CANCELLATION_FEE_MAX_PESOS,
      tooLarge: "server.deliveries.pesos.tooLarge",
      centavos: "server.deliveries.pesos.centavos",
      sign: [-1, "server.deliveries.pesos.negative"],
    },
  ] as const;
  for (const { name, schema, max, tooLarge, centavos, sign } of cases) {
    it(`${name}: up to ${formatPesos(max * 100)}, refused above, at 3 decimals and of the wrong sign, each with its message`, () => {
      expect(ids(schema, max)).toEqual([]);
      expect(ids(schema, String(max))).toEqual([]);
      expect(ids(schema, max + 0.01)).toEqual([tooLarge]);
      expect(ids(schema, "12.345")).toEqual([centavos]);
      expect(ids(schema, sign[0])).toEqual([sign[1]]);
    });
  }

  it("names the limit in the refusal as the pages show amounts", () => {
    const messageOf = (schema: Schema, value: unknown) =>
      decodeMessage(schema.safeParse(value).error!.issues[0]!.message);
    expect(messageOf(claimAmount, CLAIM_MAX_PESOS + 1)?.values).toEqual({ max: "₱100,000.00" });
    expect(messageOf(remittanceSchema.shape.amount, LEDGER_MAX_PESOS + 1)?.values).toEqual({ max: "₱1,000,000.00" });
    expect(messageOf(adjustmentSchema.shape.amount, -LEDGER_MAX_PESOS - 1)).toEqual({
      id: "server.ledger.adjustmentTooSmall",
      values: { max: "₱1,000,000.00" },
    });
  });
});
