import { z } from "zod";
import { normalizePhilippineMobile } from "~/auth/auth-schemas";
import { phoneProblem } from "~/auth/sign-in-rules";
import { CASHOUT_METHODS, CASHOUT_STATUSES } from "~/db/enums";
import { pesosField } from "~/deliveries/status-schema";
import { safeText } from "~/validation/text";

/** Bodies of the ledger's calls (remittance, cash-out request and settlement), shared by the pages and the server. */

/** A form's text or an API's number, as a number (an empty field stays missing). */
const numberFromForm = (schema: z.ZodTypeAny) =>
  z.preprocess((value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.replace(/,/g, ""))) : value), schema);

const positivePesos = (field: string, max: number) =>
  numberFromForm(pesosField(field, max).refine((value) => value > 0, `${field} must be more than 0`));

const optionalText = (field: string, max: number) =>
  safeText(z.string({ invalid_type_error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`), field)
    .optional()
    .transform((value) => (value ? value : undefined));

export const remittanceSchema = z.object({
  amount: positivePesos("amount", 1_000_000),
  note: optionalText("note", 200),
});
export type RemittanceBody = z.infer<typeof remittanceSchema>;

export const cashoutRequestSchema = z
  .object({
    amount: positivePesos("amount", 1_000_000),
    method: z.enum(CASHOUT_METHODS, { errorMap: () => ({ message: "method must be gcash, bank or office" }) }),
    /** GCash: the Philippine mobile number; bank: the account number. */
    account: optionalText("account", 40),
    /** Bank: the account holder's name. */
    accountName: optionalText("accountName", 100),
  })
  .superRefine((body, ctx) => {
    const mobileProblem = body.method === "gcash" ? phoneProblem(body.account ?? "") : null;
    if (mobileProblem) ctx.addIssue({ code: "custom", path: ["account"], message: `account (the GCash mobile number): ${mobileProblem}` });
    if (body.method === "bank") {
      if (!body.accountName) ctx.addIssue({ code: "custom", path: ["accountName"], message: "accountName is required for a bank transfer" });
      if (!body.account || !/^[0-9][0-9 -]{4,30}$/.test(body.account)) {
        ctx.addIssue({ code: "custom", path: ["account"], message: "account must be the bank account number (digits)" });
      }
    }
  })
  .transform((body) => ({
    amount: body.amount as number,
    method: body.method,
    accountNumber: body.method === "gcash" ? normalizePhilippineMobile(body.account!) : body.method === "bank" ? body.account!.replace(/[ -]/g, "") : null,
    accountName: body.method === "bank" ? body.accountName! : null,
  }));
export type CashoutRequest = z.infer<typeof cashoutRequestSchema>;

export const cashoutSettleSchema = z.object({
  status: z.enum(["paid", "rejected"], { errorMap: () => ({ message: "status must be paid or rejected" }) }),
  reference: optionalText("reference", 100),
});
export type CashoutSettlement = z.infer<typeof cashoutSettleSchema>;

export const cashoutStatusQuerySchema = z.object({
  status: z.enum(CASHOUT_STATUSES, { errorMap: () => ({ message: "status must be requested, sending, paid, failed or rejected" }) }).default("requested"),
});

/** A real calendar date as YYYY-MM-DD. */
export const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export const payrollCloseSchema = z.object({
  period: z.enum(["day", "week"], { errorMap: () => ({ message: "period must be day or week" }) }),
  date: z
    .string({ required_error: "date is required", invalid_type_error: "date must be a date as YYYY-MM-DD" })
    .refine(isCalendarDate, "date must be a date as YYYY-MM-DD"),
});

export const adjustmentSchema = z.object({
  amount: numberFromForm(
    z
      .number({ required_error: "amount is required", invalid_type_error: "amount must be a number of pesos" })
      .min(-1_000_000, "amount must be at least -1000000 pesos")
      .max(1_000_000, "amount must be at most 1000000 pesos")
      .refine((value) => value !== 0, "amount cannot be 0: positive adds to the rider's balance, negative takes from it")
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "amount must have at most 2 decimals"),
  ),
  note: safeText(
    z
      .string({ required_error: "note is required: say why", invalid_type_error: "note must be text" })
      .trim()
      .min(1, "note is required: say why")
      .max(200, "note must be at most 200 characters"),
    "note",
  ),
});
export type AdjustmentBody = z.infer<typeof adjustmentSchema>;
