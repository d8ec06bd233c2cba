import { describe, expect, it } from "vitest";
import { seededRandom } from "../../test/seeded-random";
import { claimFieldsSchema } from "~/coop/claim-schemas";
import { pesosField } from "~/deliveries/status-schema";
import { newProposalFormSchema } from "~/governance/proposal-form-schemas";
import { parseSubmission } from "~/forms/submission";
import { word } from "~/i18n/message";
import { adjustmentSchema, cashoutRequestSchema, remittanceSchema } from "~/ledger/ledger-schemas";
import { settingsBodySchema } from "~/settings/settings-schema";
import { formatPesos } from "./money";
import { parsePesoText } from "./peso-input";

describe("pesos as people type them", () => {
  it("reads thousands separators, a peso sign and a minus; refuses a comma that is not one", () => {
    expect(parsePesoText("1,500")).toBe(1500);
    expect(parsePesoText(" ₱1,234,567.50 ")).toBe(1234567.5);
    expect(parsePesoText("P 250")).toBe(250);
    expect(parsePesoText("1500.25")).toBe(1500.25);
    expect(parsePesoText(".50")).toBe(0.5);
    expect(parsePesoText("-1,000")).toBe(-1000);
    expect(parsePesoText("−75.5")).toBe(-75.5);
    for (const bad of ["1,5", "15,00", "1,50,000", "1.500,00", "abc", "", ".", "₱", "1 500", "12e3", "0x10", "1,500.50.1"]) expect(parsePesoText(bad), bad).toBeNull();
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
    const proposal = parseSubmission(form({ kind: "payout", title: "Typhoon aid", amount: "12,500", purpose: "Aid", votingDays: "3" }), newProposalFormSchema);
    expect(proposal.status === "success" && proposal.value.kind === "payout" ? proposal.value.amount : null).toBe(12500);
    const claim = parseSubmission(form({ kind: "accident", amount: "1,500.75", note: "x" }), claimFieldsSchema);
    expect(claim.status === "success" ? claim.value.amount : null).toBe(1500.75);
    const rateCard = settingsBodySchema.shape.rateCard.safeParse({ baseFare: "1,045.50", includedKm: 2, perKm: 12, sizeFees: { small: 0, medium: "1,000", large: 40 } });
    expect(rateCard.success ? [rateCard.data.baseFare, rateCard.data.sizeFees.medium] : rateCard.error.issues).toEqual([1045.5, 1000]);
    // A comma that is not a thousands separator is refused, not read as something else.
    expect(claimFieldsSchema.safeParse({ kind: "accident", amount: "1,5", note: "x" }).success).toBe(false);
    expect(remittanceSchema.safeParse({ amount: "15,00" }).success).toBe(false);
  });
});
