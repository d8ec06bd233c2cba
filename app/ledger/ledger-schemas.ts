import { z } from "zod";
import { normalizePhilippineMobile } from "~/auth/auth-schemas";
import { phoneProblem } from "~/auth/sign-in-rules";
import { CASHOUT_METHODS, CASHOUT_STATUSES } from "~/db/enums";
import { encodeMessage as says, word, type MessageDescriptor } from "~/i18n/message";
import { formatPesos } from "~/money/money";
import { pesoAmount } from "~/money/peso-input";
import { LEDGER_MAX_PESOS } from "~/money/peso-limits";
import { lengthAtMost, safeText } from "~/forms/text";

/**
 * Bodies of the ledger's calls (remittance, cash-out request and settlement), shared by the pages
 * and the server. Every message is an id (`server.ledger.…`), shown in the reader's language.
 */

const amountMessages = {
  required: says("server.ledger.amountRequired"),
  notNumber: says("server.ledger.amountNotNumber"),
  tooLarge: says("server.ledger.amountTooLarge", { max: formatPesos(LEDGER_MAX_PESOS * 100) }),
  centavos: says("server.ledger.amountCentavos"),
};

const positivePesos = () =>
  pesoAmount(LEDGER_MAX_PESOS, "positive", { ...amountMessages, sign: says("server.ledger.amountPositive") });

const optionalText = (label: MessageDescriptor, max: number) =>
  safeText(
    z
      .string({ invalid_type_error: says("server.ledger.notText") })
      .trim()
      .superRefine(lengthAtMost(max, says("server.ledger.textTooLong", { max }))),
    label,
  )
    .optional()
    .transform((value) => (value ? value : undefined));

export const remittanceSchema = z.object({
  amount: positivePesos(),
  note: optionalText(word("server.validation.field.note"), 200),
});
export type RemittanceBody = z.infer<typeof remittanceSchema>;

export const cashoutRequestSchema = z
  .object({
    amount: positivePesos(),
    method: z.enum(CASHOUT_METHODS, { errorMap: () => ({ message: says("server.ledger.cashoutMethod") }) }),
    /** GCash: the Philippine mobile number; bank: the account number. */
    account: optionalText(word("server.validation.field.account"), 40),
    /** Bank: the account holder's name; GCash: the name registered on the GCash account (the payout service checks it). */
    accountName: optionalText(word("server.validation.field.accountName"), 100),
  })
  .superRefine((body, ctx) => {
    if (body.method === "gcash" && phoneProblem(body.account ?? ""))
      ctx.addIssue({ code: "custom", path: ["account"], message: says("server.ledger.gcashNumber") });
    if (body.method === "gcash" && !body.accountName)
      ctx.addIssue({ code: "custom", path: ["accountName"], message: says("server.ledger.gcashAccountName") });
    if (body.method === "bank") {
      if (!body.accountName)
        ctx.addIssue({ code: "custom", path: ["accountName"], message: says("server.ledger.bankAccountName") });
      if (!body.account || !/^[0-9][0-9 -]{4,30}$/.test(body.account)) {
        ctx.addIssue({ code: "custom", path: ["account"], message: says("server.ledger.bankAccountNumber") });
      }
    }
  })
  .transform((body) => ({
    amount: body.amount as number,
    method: body.method,
    accountNumber:
      body.method === "gcash"
        ? normalizePhilippineMobile(body.account!)
        : body.method === "bank"
          ? body.account!.replace(/[ -]/g, "")
          : null,
    accountName: body.method === "office" ? null : body.accountName!,
  }));
export type CashoutRequest = z.infer<typeof cashoutRequestSchema>;

export const cashoutSettleSchema = z.object({
  status: z.enum(["paid", "rejected"], { errorMap: () => ({ message: says("server.ledger.settleStatus") }) }),
  reference: optionalText(word("server.validation.field.reference"), 100),
});
export type CashoutSettlement = z.infer<typeof cashoutSettleSchema>;

export const cashoutStatusQuerySchema = z.object({
  status: z
    .enum(CASHOUT_STATUSES, { errorMap: () => ({ message: says("server.ledger.cashoutStatusQuery") }) })
    .default("requested"),
});

/** A real calendar date as YYYY-MM-DD. */
const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export const payrollCloseSchema = z.object({
  period: z.enum(["day", "week"], { errorMap: () => ({ message: says("server.ledger.payrollPeriod") }) }),
  date: z
    .string({
      required_error: says("server.ledger.payrollDate"),
      invalid_type_error: says("server.ledger.payrollDate"),
    })
    .refine(isCalendarDate, says("server.ledger.payrollDate")),
});

export const adjustmentSchema = z.object({
  amount: pesoAmount(LEDGER_MAX_PESOS, "nonZero", {
    ...amountMessages,
    sign: says("server.ledger.adjustmentZero"),
    tooSmall: says("server.ledger.adjustmentTooSmall", { max: formatPesos(LEDGER_MAX_PESOS * 100) }),
  }),
  note: safeText(
    z
      .string({
        required_error: says("server.ledger.adjustmentReason"),
        invalid_type_error: says("server.ledger.notText"),
      })
      .trim()
      .min(1, says("server.ledger.adjustmentReason"))
      .superRefine(lengthAtMost(200, says("server.ledger.textTooLong", { max: 200 }))),
    word("server.validation.field.note"),
  ),
});
export type AdjustmentBody = z.infer<typeof adjustmentSchema>;
