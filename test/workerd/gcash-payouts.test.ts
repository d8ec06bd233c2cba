import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerOf } from "./ledger-fixtures";
import { api, signedIn } from "./helpers";
import worker from "../../workers/app";

/** Issue 27: GCash cash-out, instant and free, through the payout gateway (the sandbox here); the remittance cap. */

const PAYOUT_SECRET = "whsk_test_hatid_payouts_0123456789abcdef";

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function riderWithBalance(pesos: number) {
  const admin = await signedIn("admin");
  const rider = await signedIn("rider");
  expect((await api(`/api/admin/riders/${rider.user.id}/adjustments`, { cookie: admin.cookie, body: { amount: pesos, note: "Opening balance" } })).status).toBe(201);
  return { admin, rider };
}
const cashOut = (rider: { cookie: string }, amount: number) => api("/api/rider/cashouts", { cookie: rider.cookie, body: { amount, method: "gcash", account: "0917 123 4567" } });
const bell = async (who: { cookie: string }) => (await api("/api/notifications", { cookie: who.cookie })).json.notifications as { title: string; body: string }[];

/** A payout being sent (as if the gateway had not answered yet), its amount already off the balance. */
async function sendingCashout(riderId: string, amount = 30000) {
  const id = `co_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO cashouts (id, rider_id, amount, fee, method, account_number, status, requested_at, provider) VALUES (?1, ?2, ?3, 0, 'gcash', '+639171234567', 'sending', ?4, 'sandbox')").bind(
      id,
      riderId,
      amount,
      Date.now(),
    ),
    env.DB.prepare("INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at) VALUES (?1, 'cashout', ?2, ?3, ?4)").bind(riderId, -amount, `cashout:${id}`, Date.now()),
  ]);
  return id;
}

async function webhook(body: unknown, { secret = PAYOUT_SECRET, at = Date.now(), header }: { secret?: string; at?: number; header?: string | null } = {}) {
  const raw = JSON.stringify(body);
  const t = Math.floor(at / 1000);
  const signature = header === undefined ? `t=${t},te=${await hmacHex(secret, `${t}.${raw}`)},li=` : header;
  return api("/api/payouts/webhook", { rawBody: raw, origin: null, headers: signature === null ? {} : { "Payout-Signature": signature } });
}
const event = (cashoutId: string, type: "payout.succeeded" | "payout.failed", amount = 30000, id = "evt_1") => ({
  id,
  type,
  data: { id: `po_gw_${cashoutId.slice(-8)}`, reference_id: cashoutId, amount, failure_code: type === "payout.failed" ? "ACCOUNT_NOT_FOUND" : null },
});
const status = async (id: string) => (await env.DB.prepare("SELECT status FROM cashouts WHERE id = ?1").bind(id).first<{ status: string }>())!.status;

describe("GCash cash-out: instant and free, through the payout gateway", () => {
  it("is paid by the sandbox within the request: status paid, balance down, no admin, the rider told", async () => {
    const { admin, rider } = await riderWithBalance(500);
    const answer = await cashOut(rider, 300);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.cashout).toMatchObject({ amount: 300, fee: 0, payout: 300, method: "gcash", account: "+639171234567", status: "paid", failureReason: null });
    expect(answer.json.cashout.reference).toMatch(/^po_sandbox_/);
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBe(200);
    expect(ledger.entries[0]).toMatchObject({ kind: "cashout", amount: -300, note: "GCash +639171234567" });
    const queue = await api("/api/admin/cashouts?status=requested", { cookie: admin.cookie });
    expect(queue.json.cashouts.find((c: { id: string }) => c.id === answer.json.cashout.id)).toBeUndefined();
    expect((await bell(rider))[0]).toMatchObject({ title: "Cash-out sent", body: "Your cash-out of ₱300.00 was sent." });
    // Nothing is open: the rider may cash out again at once.
    expect((await cashOut(rider, 200)).json.cashout.status).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(0);
  });

  it("a failed payout returns the amount to the balance (a reversing entry) and tells the rider", async () => {
    const { rider } = await riderWithBalance(500);
    await env.DB.prepare("INSERT INTO payout_sandbox_failures (reason, armed_at) VALUES ('Sandbox: account closed', ?1)").bind(Date.now()).run();
    const answer = await cashOut(rider, 300);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.cashout).toMatchObject({ status: "failed", failureReason: "Sandbox: account closed" });
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBe(500);
    expect(ledger.entries.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
      ["cashout", 300],
      ["cashout", -300],
    ]);
    expect((await bell(rider))[0]).toMatchObject({ title: "GCash cash-out failed", body: "Your GCash cash-out of ₱300.00 could not be sent; it is back in your balance." });
    // The armed failure was taken by that one payout: the next one is paid.
    expect((await cashOut(rider, 500)).json.cashout.status).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(0);
  });

  it("a webhook with a bad, missing or stale signature is refused and changes nothing; the same event twice pays once", async () => {
    const { rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    expect((await webhook(event(id, "payout.succeeded"), { secret: "whsk_wrong" })).status).toBe(401);
    expect((await webhook(event(id, "payout.succeeded"), { header: null })).status).toBe(401);
    expect((await webhook(event(id, "payout.succeeded"), { header: "t=1,te=zz" })).status).toBe(401);
    expect((await webhook(event(id, "payout.succeeded"), { at: Date.now() - 6 * 60_000 })).status).toBe(401);
    expect((await webhook(event(id, "payout.failed"), { secret: "whsk_wrong" })).status).toBe(401);
    expect(await status(id)).toBe("sending");
    expect((await ledgerOf(rider)).balance).toBe(200);
    // A wrong amount is not applied.
    expect((await webhook(event(id, "payout.succeeded", 99))).json.outcome).toBe("amount_mismatch");

    const first = await webhook(event(id, "payout.succeeded"));
    expect(first.status, first.text).toBe(200);
    expect(first.json.outcome).toBe("paid");
    const again = await webhook(event(id, "payout.succeeded"));
    expect(again.json.outcome).toBe("duplicate");
    expect((await webhook(event(id, "payout.failed", 30000, "evt_2"))).json.outcome).toBe("duplicate");
    expect(await status(id)).toBe("paid");
    expect((await ledgerOf(rider)).balance).toBe(200);
    expect((await bell(rider)).filter((n) => n.title === "Cash-out sent")).toHaveLength(1);
  });

  it("a failed event twice returns the money once", async () => {
    const { rider } = await riderWithBalance(500);
    const id = await sendingCashout(rider.user.id);
    expect((await webhook(event(id, "payout.failed"))).json.outcome).toBe("failed");
    expect((await webhook(event(id, "payout.failed"))).json.outcome).toBe("duplicate");
    expect((await ledgerOf(rider)).balance).toBe(500);
    expect(await status(id)).toBe("failed");
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
    await api(`/api/admin/riders/${rider.user.id}/adjustments`, { cookie: admin.cookie, body: { amount: -70.8, note: "Cash fares collected" } });
    const remit = (amount: number) => api(`/api/admin/riders/${rider.user.id}/remittances`, { cookie: admin.cookie, body: { amount } });
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
    await api(`/api/admin/riders/${rider.user.id}/adjustments`, { cookie: admin.cookie, body: { amount: -70.8, note: "Cash fares collected" } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api(`/api/admin/riders/${rider.user.id}/remittances`, { cookie: admin.cookie, body: { amount: 50 } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect((await ledgerOf(rider)).balance).toBe(-20.8);
  });
});
