import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { settingsToBody } from "~/settings/settings-schema";
import { manilaDate } from "~/i18n/manila";
import { api, signedIn, type ApiOptions } from "./helpers";

type Id = keyof typeof CATALOGS.server.en;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * The money area's refusals (messages by id, in plain words) sent as an English and as a
 * Filipino caller: the same status, `code` the id, the English sentence word for word, and the
 * Filipino catalog's text with the same values (words among them in Filipino too).
 */
async function refusedInBoth(
  path: string,
  options: ApiOptions,
  status: number,
  english: string,
  id: Id,
  values: Record<string, string | number> = {},
  filValues: Record<string, string | number> = values,
) {
  const en = await api(path, options);
  const fil = await api(path, { ...options, cookie: options.cookie ? `${options.cookie}; lang=fil` : "lang=fil" });
  expect(en.status, `${path} (English): ${en.text}`).toBe(status);
  expect(fil.status, `${path} (Filipino): ${fil.text}`).toBe(status);
  expect(en.json.code, path).toBe(`server.${id}`);
  expect(en.json.error, path).toBe(english);
  expect(fill(CATALOGS.server.en[id], values), `${path}: the catalog's English`).toBe(english);
  expect(fil.json.error, path).toBe(fill(CATALOGS.server.fil[id], filValues));
  expect(fil.json.error, `${path}: a translation, not the English`).not.toBe(en.json.error);
  return { en, fil };
}

describe("money refusals in plain words, in the caller's language", () => {
  it("cash-out requests: amount, method, GCash number, more than the balance", async () => {
    const rider = await signedIn("rider");
    const cashOut = (body: unknown) => ({ cookie: rider.cookie, body });
    const noAmount = await refusedInBoth(
      "/api/rider/cashouts",
      cashOut({ method: "gcash", account: "09171234567", accountName: "Rico Dela Cruz" }),
      400,
      "Enter the amount in pesos.",
      "ledger.amountRequired",
    );
    expect(noAmount.en.json.errors.amount).toEqual(["Enter the amount in pesos."]);
    await refusedInBoth(
      "/api/rider/cashouts",
      cashOut({ amount: 100, method: "paypal" }),
      400,
      "Choose how to receive the money: GCash, a bank transfer or at the office.",
      "ledger.cashoutMethod",
    );
    const number = await refusedInBoth(
      "/api/rider/cashouts",
      cashOut({ amount: 100, method: "gcash", account: "0917", accountName: "Rico Dela Cruz" }),
      400,
      "Enter the GCash mobile number: 11 digits, starting with 09.",
      "ledger.gcashNumber",
    );
    expect(number.en.json.field).toBe("account");
    await refusedInBoth(
      "/api/rider/cashouts",
      cashOut({ amount: 2_000_000, method: "office" }),
      400,
      "The amount can be at most ₱1,000,000.00. Enter a smaller amount.",
      "ledger.amountTooLarge",
      { max: "₱1,000,000.00" },
    );
    await refusedInBoth(
      "/api/rider/cashouts",
      cashOut({ amount: 100, method: "gcash", account: "09171234567", accountName: "Rico Dela Cruz" }),
      409,
      "You can cash out at most ₱0.00.",
      "ledger.cashoutLimit",
      { max: "₱0.00" },
    );
    await refusedInBoth(
      "/api/rider/cashouts",
      cashOut({ amount: 15, method: "bank", account: "1234567890", accountName: "Nonoy Rider" }),
      400,
      "A bank transfer costs ₱15.00, taken from the amount: enter more than ₱15.00.",
      "ledger.cashoutBelowFee",
      { fee: "₱15.00" },
    );
  });

  it("settling cash-outs: unknown, no reference, already settled (its status a word in each language)", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    await refusedInBoth(
      "/api/admin/cashouts/co_missing",
      { cookie: admin.cookie, body: { status: "paid", reference: "GC-1" } },
      404,
      "This cash-out was not found. Reload the list and try again.",
      "ledger.cashoutNotFound",
    );
    await refusedInBoth(
      "/api/admin/cashouts?status=lost",
      { cookie: admin.cookie },
      400,
      "Ask for cash-outs by status: requested, sending, paid, failed or rejected.",
      "ledger.cashoutStatusQuery",
    );
    expect(
      (
        await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
          cookie: admin.cookie,
          body: { amount: 100, note: "Opening balance" },
        })
      ).status,
    ).toBe(201);
    const requested = await api("/api/rider/cashouts", {
      cookie: rider.cookie,
      body: { amount: 50, method: "bank", account: "1234567890", accountName: "Nonoy Rider" },
    });
    expect(requested.status, requested.text).toBe(201);
    const settle = (body: unknown) => ({ cookie: admin.cookie, body });
    const path = `/api/admin/cashouts/${requested.json.cashout.id}`;
    const noReference = await refusedInBoth(
      path,
      settle({ status: "paid" }),
      400,
      "Enter the reference of the GCash or bank transfer, so the payment can be traced.",
      "ledger.referenceRequired",
    );
    expect(noReference.fil.json.errors.reference).toEqual([CATALOGS.server.fil["ledger.referenceRequired"]]);
    expect((await api(path, settle({ status: "rejected" }))).status).toBe(200);
    const settled = await refusedInBoth(
      path,
      settle({ status: "paid", reference: "BT-1" }),
      409,
      "This cash-out is no longer waiting: it is rejected. Reload the list to see it.",
      "ledger.cashoutNotWaiting",
      { status: "rejected" },
      { status: CATALOGS.server.fil["ledger.cashoutStatus.rejected"] },
    );
    expect(settled.fil.json.values).toEqual({ status: CATALOGS.server.fil["ledger.cashoutStatus.rejected"] });
  });

  it("remittances, adjustments, months and pay periods", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const adjust = (body: unknown) => ({ cookie: admin.cookie, body });
    const adjustments = `/api/admin/riders/${rider.user.id}/adjustments`;
    await refusedInBoth(
      adjustments,
      adjust({ amount: 0, note: "test" }),
      400,
      "Enter an amount other than ₱0.00: a positive amount adds to the rider's balance, a negative one takes from it.",
      "ledger.adjustmentZero",
    );
    await refusedInBoth(
      adjustments,
      adjust({ amount: 5 }),
      400,
      "Say why: write the reason for this adjustment.",
      "ledger.adjustmentReason",
    );
    await refusedInBoth(
      adjustments,
      adjust({ amount: -2_000_000, note: "test" }),
      400,
      "An adjustment can take at most ₱1,000,000.00 from the balance. Enter a smaller amount.",
      "ledger.adjustmentTooSmall",
      { max: "₱1,000,000.00" },
    );
    await refusedInBoth(
      "/api/admin/riders/nobody/adjustments",
      adjust({ amount: 5, note: "test" }),
      404,
      "This rider was not found. Reload the page and choose the rider again.",
      "ledger.riderNotFound",
    );
    await refusedInBoth(
      `/api/admin/riders/${rider.user.id}/remittances`,
      adjust({ amount: 5 }),
      409,
      "This rider owes the co-op nothing, so there is nothing to remit.",
      "ledger.remittanceNothingOwed",
    );
    await refusedInBoth(
      "/api/rider/ledger?month=2026-13",
      { cookie: rider.cookie },
      400,
      "Choose a month as year and month, such as 2026-03.",
      "ledger.month",
    );
    await refusedInBoth(
      "/api/admin/reports/2026-13.csv",
      { cookie: admin.cookie },
      404,
      "There is no such report. Ask for a month's report as /api/admin/reports/YYYY-MM.csv, or its member benefits fund as /api/admin/reports/YYYY-MM-fund.csv.",
      "ledger.reportNotFound",
    );
    const today = manilaDate(Date.now());
    const tomorrow = manilaDate(Date.now() + 24 * 60 * 60 * 1000);
    await refusedInBoth(
      "/api/admin/payroll/close",
      adjust({ period: "day", date: today }),
      409,
      `This day is still open: it closes at midnight Manila time, ${tomorrow} 00:00. Close it after that.`,
      "ledger.dayStillOpen",
      { date: tomorrow },
    );
    await refusedInBoth(
      "/api/admin/payroll/close",
      adjust({ period: "month", date: today }),
      400,
      "Choose whether to close a day or a week.",
      "ledger.payrollPeriod",
    );
  });

  it("owed fees, refunds, webhooks and settings", async () => {
    const admin = await signedIn("admin");
    await refusedInBoth(
      "/api/admin/owed-fees/of_missing/waive",
      { cookie: admin.cookie, body: { reason: "goodwill" } },
      404,
      "This fee was not found. Reload the list and try again.",
      "payments.owedFeeNotFound",
    );
    await refusedInBoth(
      "/api/admin/owed-fees/of_missing/waive",
      { cookie: admin.cookie, body: { reason: " " } },
      400,
      "Write the reason for waiving this fee.",
      "payments.waiveReasonRequired",
    );
    await refusedInBoth(
      "/api/admin/refunds/pay_missing/retry",
      { cookie: admin.cookie, method: "POST" },
      404,
      "This refund was not found. Reload the list and try again.",
      "payments.refundNotFound",
    );
    await refusedInBoth(
      "/api/payments/webhook",
      { rawBody: "{}", origin: null },
      401,
      "The webhook has no Paymongo-Signature header. Sign it and send it again.",
      "payments.signatureMissing",
      { header: "Paymongo-Signature" },
    );
    const body = { ...structuredClone(settingsToBody(DEFAULT_SETTINGS)), baseVersion: 0 };
    body.rateCard.baseFare = -1;
    const refused = await refusedInBoth(
      "/api/admin/settings",
      { method: "PUT", cookie: admin.cookie, body },
      400,
      "Enter ₱0.00 or more for the base fare: it cannot be negative.",
      "settings.pesosNegative",
      { field: "the base fare" },
      { field: CATALOGS.server.fil["settings.field.baseFare"] },
    );
    expect(Object.keys(refused.en.json.errors)).toEqual(["rateCard.baseFare"]);
  });
});
