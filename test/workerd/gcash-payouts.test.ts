import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerOf, riderWithBalance } from "./ledger-fixtures";
import { api, signedIn } from "./helpers";
import worker from "../../workers/app";

/** GCash cash-out, instant and free, through the payout gateway (the sandbox here); the remittance cap. */

/** The payout sandbox's callback token in the tests (vitest.config.ts), sent here as Xendit sends its verification token. */
const CALLBACK_TOKEN = "test_hatid_payout_callback_token_0123456789abcdef";

const cashOut = (rider: { cookie: string }, amount: number) =>
  api("/api/rider/cashouts", {
    cookie: rider.cookie,
    body: { amount, method: "gcash", account: "0917 123 4567", accountName: "Rico Dela Cruz" },
  });
const bell = async (who: { cookie: string }) =>
  (await api("/api/notifications", { cookie: who.cookie })).json.notifications as { title: string; body: string }[];

/** A payout being sent (as if the gateway had not answered yet), its amount already off the balance. */
async function sendingCashout(riderId: string, amount = 30000) {
  const id = `co_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO cashouts (id, rider_id, amount, fee, method, account_number, account_name, status, requested_at, provider) VALUES (?1, ?2, ?3, 0, 'gcash', '+639171234567', 'Rico Dela Cruz', 'sending', ?4, 'sandbox')",
    ).bind(id, riderId, amount, Date.now()),
    env.DB.prepare(
      "INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at) VALUES (?1, 'cashout', ?2, ?3, ?4)",
    ).bind(riderId, -amount, `cashout:${id}`, Date.now()),
  ]);
  return id;
}

/** A callback as Xendit sends it: the verification token in `x-callback-token`, the payout in `data`. */
const webhook = (body: unknown, { token = CALLBACK_TOKEN }: { token?: string | null } = {}) =>
  api("/api/payouts/webhook", {
    rawBody: JSON.stringify(body),
    origin: null,
    headers: token === null ? {} : { "x-callback-token": token },
  });

type Status = "SUCCEEDED" | "FAILED" | "REVERSED" | "CANCELLED" | "ACCEPTED" | "REQUESTED";
const EVENTS: Partial<Record<Status, string>> = {
  SUCCEEDED: "payout.succeeded",
  FAILED: "payout.failed",
  REVERSED: "payout.reversed",
};
/** Xendit's payout callback for a cash-out (amount in pesos). */
const event = (
  cashoutId: string,
  status: Status,
  pesos = 300,
  { failureCode = status === "FAILED" ? "ACCOUNT_NOT_FOUND" : undefined }: { failureCode?: string | null } = {},
) => ({
  event: EVENTS[status] ?? "payout.updated",
  business_id: "5f27a14a9bf05c73dd040bc8",
  created: new Date().toISOString(),
  data: {
    id: `disb-${cashoutId.slice(-24).padStart(24, "0")}`,
    amount: pesos,
    channel_code: "PH_GCASH",
    currency: "PHP",
    status,
    reference_id: cashoutId,
    business_id: "5f27a14a9bf05c73dd040bc8",
    channel_properties: { account_number: "09171234567", account_holder_name: "Rico Dela Cruz" },
    ...(failureCode === undefined ? {} : { failure_code: failureCode }),
  },
});
const status = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM cashouts WHERE id = ?1").bind(id).first<{ status: string }>())!.status;

describe("GCash cash-out: instant and free, through the payout gateway", () => {
  it("is paid by the sandbox within the request: status paid, balance down, no admin, the rider told", async () => {
    const { admin, rider } = await riderWithBalance(500);
    const answer = await cashOut(rider, 300);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.cashout).toMatchObject({
      amount: 300,
      fee: 0,
      payout: 300,
      method: "gcash",
      account: "+639171234567",
      status: "paid",
      failureReason: null,
    });
    expect(answer.json.cashout.reference).toMatch(/^po_sandbox_/);
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBe(200);
    expect(ledger.entries[0]).toMatchObject({ kind: "cashout", amount: -300, note: "GCash +639171234567" });
    const queue = await api("/api/admin/cashouts?status=requested", { cookie: admin.cookie });
    expect(queue.json.cashouts.find((c: { id: string }) => c.id === answer.json.cashout.id)).toBeUndefined();
    expect((await bell(rider))[0]).toMatchObject({
      title: "Cash-out sent",
      body: "Your cash-out of ₱300.00 was sent.",
    });
    // Nothing is open: the rider may cash out again at once.
    expect((await cashOut(rider, 200)).json.cashout.status).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(0);
  });

  it("a failed payout returns the amount to the balance (a reversing entry) and tells the rider", async () => {
    const { rider } = await riderWithBalance(500);
    await env.DB.prepare(
      "INSERT INTO payout_sandbox_failures (reason, armed_at) VALUES ('Sandbox: account closed', ?1)",
    )
      .bind(Date.now())
      .run();
    const answer = await cashOut(rider, 300);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.cashout).toMatchObject({ status: "failed", failureReason: "Sandbox: account closed" });
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBe(500);
    expect(ledger.entries.slice(0, 2).map((e) => [e.kind, e.amount, e.note])).toEqual([
      ["cashout", 300, "GCash cash-out not sent: the amount went back to the balance"],
      ["cashout", -300, "GCash +639171234567"],
    ]);
    expect((await bell(rider))[0]).toMatchObject({
      title: "GCash cash-out failed",
      body: "Your GCash cash-out of ₱300.00 could not be sent; it is back in your balance.",
    });
    // The armed failure was taken by that one payout: the next one is paid.
    expect((await cashOut(rider, 500)).json.cashout.status).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(0);
  });

  it("a callback with a wrong or missing x-callback-token is refused and changes nothing; the same callback twice pays once", async () => {
    const { rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    const wrong = await webhook(event(id, "SUCCEEDED"), { token: "someone-elses-token" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("The callback's x-callback-token is not this server's verification token.");
    const missing = await webhook(event(id, "SUCCEEDED"), { token: null });
    expect(missing.status).toBe(401);
    expect(missing.json.message).toBe("The callback has no x-callback-token header.");
    expect((await webhook(event(id, "SUCCEEDED"), { token: `${CALLBACK_TOKEN}x` })).status).toBe(401);
    expect((await webhook(event(id, "FAILED"), { token: "" })).status).toBe(401);
    expect(await status(id)).toBe("sending");
    expect((await ledgerOf(rider)).balance).toBe(200);
    // A wrong amount is not applied; pesos are read to the centavo (₱300.01 is not ₱300.00).
    expect((await webhook(event(id, "SUCCEEDED", 299.99))).json.outcome).toBe("amount_mismatch");
    expect((await webhook(event(id, "SUCCEEDED", 30000))).json.outcome).toBe("amount_mismatch");
    // Progress is nothing to book.
    expect((await webhook(event(id, "ACCEPTED"))).json.outcome).toBe("in_progress");
    expect((await webhook(event(id, "REQUESTED"))).json.outcome).toBe("in_progress");
    expect(await status(id)).toBe("sending");

    const first = await webhook(event(id, "SUCCEEDED"));
    expect(first.status, first.text).toBe(200);
    expect(first.json.outcome).toBe("paid");
    const again = await webhook(event(id, "SUCCEEDED"));
    expect(again.json.outcome).toBe("duplicate");
    expect((await webhook(event(id, "FAILED"))).json.outcome).toBe("duplicate");
    expect(await status(id)).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(200);
    expect((await bell(rider)).filter((n) => n.title === "Cash-out sent")).toHaveLength(1);
  });

  it("a failed event twice returns the money once", async () => {
    const { rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    expect((await webhook(event(id, "FAILED"))).json.outcome).toBe("failed");
    expect((await webhook(event(id, "FAILED"))).json.outcome).toBe("duplicate");
    expect((await ledgerOf(rider)).balance).toBe(500);
    expect(await status(id)).toBe("failed");
  });

  it("a failure without the gateway's code says why in the reader's language; the gateway's own code reads as sent", async () => {
    const { admin, rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    expect((await webhook(event(id, "FAILED", 300, { failureCode: null }))).json.outcome).toBe("failed");
    const reason = async (headers: Record<string, string> = {}) =>
      (await api("/api/rider/cashouts", { cookie: rider.cookie, headers })).json.cashouts.find(
        (c: { id: string }) => c.id === id,
      ).failureReason;
    expect(await reason()).toBe("The payout could not be sent. The amount went back to the balance.");
    expect(await reason({ "Accept-Language": "fil" })).toBe(
      "Hindi naipadala ang payout. Ibinalik ang halaga sa balance.",
    );
    const queue = await api("/api/admin/cashouts?status=failed", {
      cookie: admin.cookie,
      headers: { "Accept-Language": "fil" },
    });
    expect(queue.json.cashouts.find((c: { id: string }) => c.id === id).failureReason).toBe(
      "Hindi naipadala ang payout. Ibinalik ang halaga sa balance.",
    );
    const inFilipino = await api("/api/rider/ledger", { cookie: rider.cookie, headers: { "Accept-Language": "fil" } });
    expect(inFilipino.json.entries[0]).toMatchObject({
      kind: "cashout",
      amount: 300,
      note: "Hindi naipadala ang GCash cash-out: ibinalik ang halaga sa balance",
    });

    const other = await sendingCashout(rider.user.id, 10000);
    expect((await webhook(event(other, "FAILED", 100))).json.outcome).toBe("failed");
    expect(
      (
        await api("/api/rider/cashouts", { cookie: rider.cookie, headers: { "Accept-Language": "fil" } })
      ).json.cashouts.find((c: { id: string }) => c.id === other).failureReason,
    ).toBe("ACCOUNT_NOT_FOUND");
  });

  it("CANCELLED returns the money; REVERSED after success returns it once and tells the rider; Xendit's failure codes read in the rider's language", async () => {
    const { rider } = await riderWithBalance(500);
    const cancelled = await sendingCashout(rider.user.id, 10000);
    expect((await webhook(event(cancelled, "CANCELLED", 100))).json.outcome).toBe("failed");
    expect((await ledgerOf(rider)).balance).toBe(500);

    const sent = await sendingCashout(rider.user.id, 20000);
    expect((await webhook(event(sent, "SUCCEEDED", 200))).json.outcome).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(300);
    expect((await webhook(event(sent, "REVERSED", 200))).json.outcome).toBe("reversed");
    expect((await webhook(event(sent, "REVERSED", 200))).json.outcome).toBe("duplicate");
    expect(await status(sent)).toBe("failed");
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBe(500);
    expect(ledger.entries.filter((e) => e.kind === "cashout").map((e) => e.amount)).toEqual([200, -200, 100, -100]);
    expect((await bell(rider)).filter((n) => n.title === "GCash cash-out failed")).toHaveLength(2);
    const reason = async (id: string, language: string) =>
      (
        await api("/api/rider/cashouts", { cookie: rider.cookie, headers: { "Accept-Language": language } })
      ).json.cashouts.find((c: { id: string }) => c.id === id).failureReason;
    expect(await reason(sent, "en")).toBe("GCash sent the payout back. The amount went back to the balance.");
    expect(await reason(cancelled, "fil")).toBe(
      "Na-cancel ang payout bago ito naipadala. Ibinalik ang halaga sa balance.",
    );

    const wrongName = await sendingCashout(rider.user.id, 5000);
    expect((await webhook(event(wrongName, "FAILED", 50, { failureCode: "INVALID_DESTINATION" }))).json.outcome).toBe(
      "failed",
    );
    expect(await reason(wrongName, "en")).toBe(
      "The GCash number and name do not match a GCash account. Check the name registered on your GCash and try again. The amount went back to the balance.",
    );
    expect(await reason(wrongName, "fil")).toMatch(/^Hindi tugma ang GCash number at pangalan/);
  });

  it("a callback for a payout that is not ours (unknown reference, another payout id) changes nothing and is answered 200", async () => {
    const { rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    await env.DB.prepare("UPDATE cashouts SET provider_payout_id = 'disb-000000000000000000000001' WHERE id = ?1")
      .bind(id)
      .run();
    const unknown = await webhook(event("co_not_a_cashout_of_ours", "SUCCEEDED"));
    expect(unknown.status).toBe(200);
    expect(unknown.json.outcome).toBe("unknown_payout");
    expect((await webhook(event(id, "SUCCEEDED"))).json.outcome).toBe("unknown_payout");
    expect(await status(id)).toBe("sending");
    const body = {
      event: "payout.succeeded",
      data: { id: "disb-1", reference_id: id, status: "SUCCEEDED", amount: "300" },
    };
    expect((await webhook(body)).status).toBe(400);
  });

  it("the holder's name registered on GCash is required for GCash, stored, and sent; the page fills in the last one", async () => {
    const { rider } = await riderWithBalance(500);
    const without = await api("/api/rider/cashouts", {
      cookie: rider.cookie,
      body: { amount: 100, method: "gcash", account: "09171234567" },
    });
    expect(without.status).toBe(400);
    expect(without.json.errors.accountName).toEqual([
      "Enter the name registered on your GCash account, exactly as GCash shows it: GCash sends the money only when it matches.",
    ]);
    const inFilipino = await api("/api/rider/cashouts", {
      cookie: rider.cookie,
      headers: { "Accept-Language": "fil" },
      body: { amount: 100, method: "gcash", account: "09171234567", accountName: "  " },
    });
    expect(inFilipino.status).toBe(400);
    expect(inFilipino.json.errors.accountName[0]).toMatch(/^Ilagay ang pangalang naka-register sa GCash account mo/);
    expect((await ledgerOf(rider)).balance).toBe(500);

    const sent = await cashOut(rider, 100);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json.cashout).toMatchObject({
      accountName: "Rico Dela Cruz",
      account: "+639171234567",
      status: "paid",
    });
    const page = await api("/rider/earnings", { cookie: rider.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(
      /<input[^>]*name="accountName"[^>]*value="Rico Dela Cruz"|<input[^>]*value="Rico Dela Cruz"[^>]*name="accountName"/,
    );
    expect(page.text).toMatch(
      /<input[^>]*name="account"[^>]*value="09171234567"|<input[^>]*value="09171234567"[^>]*name="account"/,
    );
    expect(page.text).toContain("Name registered on your GCash");
  });

  it("10 simultaneous GCash cash-outs: one paid, the others refused, never two open, the balance never negative", async () => {
    const { rider } = await riderWithBalance(500);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cashOut(rider, 300)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.json.message).toMatch(/at most ₱200\.00|still being sent/);
    }
    expect((await ledgerOf(rider)).balance).toBe(200);
    // One open cash-out is held by the database: a second one being sent cannot be inserted.
    await sendingCashout(rider.user.id, 100);
    await expect(sendingCashout(rider.user.id, 100)).rejects.toThrow(/UNIQUE/);
  });

  it("the payout sandbox page is for development only (404 here)", async () => {
    const admin = await signedIn("admin");
    expect((await api("/dev/payouts", { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("a payout the request never finished (kill -9 between the cash-out and the gateway)", () => {
  async function cron(at: number) {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("stays sending, its amount held, until the cron asks the gateway again a minute later; then it is paid once", async () => {
    const { rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    // Within the minute the request may still be answering: left alone.
    await cron(Date.now() + 30_000);
    expect(await status(id)).toBe("sending");
    await cron(Date.now() + 61_000);
    expect(await status(id)).toBe("paid");
    // Paid once: one cashout entry, no return, the rider told; a later run changes nothing.
    await cron(Date.now() + 125_000);
    const ledger = await ledgerOf(rider);
    expect(ledger.entries.filter((e) => e.kind === "cashout").map((e) => e.amount)).toEqual([-300]);
    expect(ledger.balance).toBe(200);
    expect((await bell(rider)).filter((n) => /cash-out/i.test(n.title + n.body))).toHaveLength(1);
  });
});

describe("a remittance may not exceed what the rider owes", () => {
  it("refuses ₱1,000,000 from a rider who owes ₱70.80, naming the most allowed; takes ₱70.80; then nothing more", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider");
    await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
      cookie: admin.cookie,
      body: { amount: -70.8, note: "Cash fares collected" },
    });
    const remit = (amount: number) =>
      api(`/api/admin/riders/${rider.user.id}/remittances`, { cookie: admin.cookie, body: { amount } });
    const tooMuch = await remit(1_000_000);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json).toMatchObject({
      message: "A remittance may not exceed what the rider owes: at most ₱70.80.",
      code: "server.ledger.remittanceLimit",
      field: "amount",
      values: { max: "₱70.80", maxAmount: 70.8 },
    });
    expect(tooMuch.json.errors.amount).toEqual(["A remittance may not exceed what the rider owes: at most ₱70.80."]);
    expect((await ledgerOf(rider)).balance).toBe(-70.8);
    expect((await remit(70.8)).status).toBe(201);
    const nothing = await remit(1);
    expect(nothing.status).toBe(409);
    expect(nothing.json.message).toBe("This rider owes the co-op nothing, so there is nothing to remit.");
    expect((await ledgerOf(rider)).balance).toBe(0);
  });

  it("simultaneous remittances cannot together exceed what is owed", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider");
    await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
      cookie: admin.cookie,
      body: { amount: -70.8, note: "Cash fares collected" },
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(`/api/admin/riders/${rider.user.id}/remittances`, { cookie: admin.cookie, body: { amount: 50 } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect((await ledgerOf(rider)).balance).toBe(-20.8);
  });
});
