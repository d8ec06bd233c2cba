import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { resendStuckPayouts, STUCK_PAYOUT_MS } from "~/ledger/gcash-payouts.server";
import { PayoutGatewayError, xenditPayoutGateway, type PayoutRequest } from "~/payments/payout-gateway.server";
import { observedFetch } from "~/providers/provider-health.server";
import { signedIn } from "../workerd/helpers";
import { appWith } from "./app";
import { armFailure, callbacksFrom, fakeControl, fakeUrl, requestsTo, uniqueKey, type FakeCallback } from "./fakes";

/**
 * The production payout adapter (app/payments/payout-gateway.server.ts) and the GCash cash-out
 * (app/ledger/gcash-payouts.server.ts) against the contract fake of Xendit's Payouts v2
 * (test/contracts/fakes/xendit.mjs, which names the documentation it follows).
 */

/** A Xendit business of our own at the fake: its secret key is the account our requests are recorded under. */
async function business({ canWrite = true } = {}) {
  const secretKey = uniqueKey("xnd_development_");
  const callbackToken = uniqueKey("verification");
  await fakeControl("xendit", "businesses", { body: { secretKey, callbackToken, canWrite } });
  return { secretKey, callbackToken };
}

const gatewayFor = (secretKey: string, timeoutMs = 5_000) =>
  xenditPayoutGateway({ secretKey, callbackToken: "unused", baseUrl: fakeUrl("xendit"), timeoutMs });
const payout = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  cashoutId: uniqueKey("co_"),
  amount: 12345,
  account: "+639171234567",
  accountName: "Rico Dela Cruz",
  description: "Hatid cash-out",
  ...overrides,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as PayoutGatewayError,
  );

/** What Create Payout documents (docs.xendit.co/apidocs/create-payout), less what we have no use for (receipt_notification, metadata). */
const CREATE_FIELDS = ["amount", "channel_code", "channel_properties", "currency", "description", "reference_id"];

describe("Xendit's Payouts v2, as Xendit documents it", () => {
  it("creates a payout with exactly the documented fields: Basic auth, the Idempotency-key, PH_GCASH, the holder's name, pesos", async () => {
    const { secretKey } = await business();
    const request = payout();
    const state = await gatewayFor(secretKey).sendPayout(request);
    expect(state).toMatchObject({
      status: "ACCEPTED",
      referenceId: request.cashoutId,
      amount: 123.45,
      failureCode: null,
    });
    expect(state.payoutId).toMatch(/^disb-[0-9a-f]{24}$/);
    const [sent, ...more] = await requestsTo("xendit", secretKey);
    expect(more).toHaveLength(0);
    expect(sent).toMatchObject({ method: "POST", path: "/v2/payouts" });
    expect(sent!.headers.authorization).toBe(`Basic ${btoa(`${secretKey}:`)}`);
    expect(sent!.headers["idempotency-key"]).toBe(request.cashoutId);
    expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
    const body = JSON.parse(sent!.body);
    expect(Object.keys(body).sort()).toEqual(CREATE_FIELDS);
    expect(Object.keys(body.channel_properties).sort()).toEqual(["account_holder_name", "account_number"]);
    expect(body).toEqual({
      reference_id: request.cashoutId,
      channel_code: "PH_GCASH",
      channel_properties: { account_number: "09171234567", account_holder_name: "Rico Dela Cruz" },
      amount: 123.45,
      currency: "PHP",
      description: "Hatid cash-out",
    });
  });

  it("a field Xendit does not document is refused by the fake (the contract holds both ways)", async () => {
    const { secretKey } = await business();
    const answer = await fetch(`${fakeUrl("xendit")}/v2/payouts`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${secretKey}:`)}`,
        "Content-Type": "application/json",
        "Idempotency-key": "k1",
      },
      body: JSON.stringify({
        reference_id: "r",
        channel_code: "PH_GCASH",
        channel_properties: { account_number: "09171234567", account_holder_name: "A" },
        amount: 10,
        currency: "PHP",
        account_name: "A",
      }),
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()) as object).toMatchObject({ error_code: "API_VALIDATION_ERROR" });
  });

  it("each documented refusal is definite (no money moved); a conflict, a rate limit and a server error are not", async () => {
    const { secretKey } = await business();
    const gateway = gatewayFor(secretKey);
    const readOnly = (await business({ canWrite: false })).secretKey;
    const cases: [string, Promise<unknown>, string, boolean][] = [
      ["an unknown key", gatewayFor(uniqueKey("xnd_development_")).sendPayout(payout()), "INVALID_API_KEY", true],
      [
        "a key without the money-out write permission",
        gatewayFor(readOnly).sendPayout(payout()),
        "REQUEST_FORBIDDEN_ERROR",
        true,
      ],
      [
        "more than InstaPay's ₱50,000",
        gateway.sendPayout(payout({ amount: 5_000_001 })),
        "MAXIMUM_TRANSFER_LIMIT_ERROR",
        true,
      ],
      ["less than the channel's minimum", gateway.sendPayout(payout({ amount: 50 })), "RECIPIENT_AMOUNT_ERROR", true],
      [
        "a number that is no mobile number",
        gateway.sendPayout(payout({ account: "+63917123" })),
        "RECIPIENT_ACCOUNT_NUMBER_ERROR",
        true,
      ],
    ];
    const errors = await Promise.all(cases.map(([, promise]) => refusal(promise)));
    for (const [i, [what, , code, definite]] of cases.entries()) {
      const error = errors[i];
      expect(error, what).toBeInstanceOf(PayoutGatewayError);
      expect(error!.code, what).toBe(code);
      expect(error!.definite, what).toBe(definite);
    }
    await armFailure("xendit", secretKey, {
      status: 429,
      body: { error_code: "RATE_LIMIT_EXCEEDED", message: "Too many requests" },
    });
    expect(await refusal(gateway.sendPayout(payout()))).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", definite: false });
    await armFailure("xendit", secretKey, {
      status: 500,
      body: { error_code: "SERVER_ERROR", message: "An unexpected error occurred" },
    });
    expect(await refusal(gateway.sendPayout(payout()))).toMatchObject({ code: "SERVER_ERROR", definite: false });
    const first = payout();
    await gateway.sendPayout(first);
    expect(await refusal(gateway.sendPayout({ ...first, amount: first.amount + 100 }))).toMatchObject({
      code: "DUPLICATE_ERROR",
      definite: false,
    });
  });

  it("counts 60 requests a minute per endpoint in test mode, then answers 429 RATE_LIMIT_EXCEEDED (not definite)", async () => {
    const { secretKey } = await business();
    const gateway = gatewayFor(secretKey);
    const answers = await Promise.all(
      Array.from({ length: 61 }, (_, i) =>
        gateway.findPayout(`co_none_${i}`, null).then(
          () => "ok",
          (error: PayoutGatewayError) => error.code,
        ),
      ),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(60);
    expect(answers.filter((a) => a === "RATE_LIMIT_EXCEEDED")).toHaveLength(1);
  });

  it("gives up on a hang after its timeout: not definite, the cash-out stays for the cron", async () => {
    const { secretKey } = await business();
    await armFailure("xendit", secretKey, { delayMs: 1_500 });
    const started = Date.now();
    const error = await refusal(gatewayFor(secretKey, 200).sendPayout(payout()));
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(error).toBeInstanceOf(PayoutGatewayError);
    expect(error!.definite).toBe(false);
  });

  it("a payout whose answer was lost is found by its reference, and asking again with the same key and body answers the same payout: one payout", async () => {
    const { secretKey } = await business();
    const request = payout();
    await armFailure("xendit", secretKey, { answerDelayMs: 800 });
    expect(await refusal(gatewayFor(secretKey, 200).sendPayout(request))).toMatchObject({ definite: false });
    const gateway = gatewayFor(secretKey);
    const found = await gateway.findPayout(request.cashoutId, null);
    expect(found).toMatchObject({ referenceId: request.cashoutId, status: "ACCEPTED", amount: 123.45 });
    const again = await gateway.sendPayout(request);
    expect(again.payoutId).toBe(found!.payoutId);
    expect(await gateway.findPayout(request.cashoutId, again.payoutId)).toMatchObject({ payoutId: again.payoutId });
    const posts = (await requestsTo("xendit", secretKey)).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers["idempotency-key"]).toBe(posts[0]!.headers["idempotency-key"]);
    expect(posts[1]!.body).toBe(posts[0]!.body);
    expect(await gateway.findPayout(uniqueKey("co_"), null)).toBeNull();
  });

  it("records when Xendit last answered, and its last failure, for the setup page", async () => {
    const { secretKey } = await business();
    const gateway = xenditPayoutGateway({
      secretKey,
      callbackToken: "unused",
      baseUrl: fakeUrl("xendit"),
      fetcher: observedFetch(env.DB, "xendit"),
    });
    const before = Date.now();
    await gateway.sendPayout(payout());
    await armFailure("xendit", secretKey, { status: 503, body: { error_code: "SERVER_ERROR", message: "down" } });
    await refusal(gateway.sendPayout(payout()));
    const row = await env.DB.prepare("SELECT * FROM provider_health WHERE provider = 'xendit'").first<
      Record<string, unknown>
    >();
    expect(row!.last_success_at).toBeGreaterThanOrEqual(before);
    expect(row!.last_failure).toBe("HTTP 503");
  });
});

describe("GCash cash-out with Xendit configured (the Worker, its production adapter, real D1)", () => {
  async function setUp() {
    const { secretKey, callbackToken } = await business();
    const app = appWith({
      PAYOUT_SECRET_KEY: secretKey,
      PAYOUT_CALLBACK_TOKEN: callbackToken,
      PAYOUT_API_URL: fakeUrl("xendit"),
    });
    const admin = await signedIn("admin");
    const rider = await signedIn("rider");
    const opening = await app.api(`/api/admin/riders/${rider.user.id}/adjustments`, {
      cookie: admin.cookie,
      body: { amount: 500, note: "Opening balance" },
    });
    expect(opening.status).toBe(201);
    const balance = async () => (await app.api("/api/rider/ledger", { cookie: rider.cookie })).json.balance as number;
    const cashOut = (amount: number) =>
      app.api("/api/rider/cashouts", {
        cookie: rider.cookie,
        body: { amount, method: "gcash", account: "0917 123 4567", accountName: "Rico Dela Cruz" },
      });
    /** Xendit's callback as the fake sent it, delivered to our handler (the tests' fakes keep callbacks). */
    const deliver = (callback: FakeCallback, headers: Record<string, string> = callback.headers) =>
      app.api(callback.path, { rawBody: callback.body, origin: null, headers });
    const complete = async (payoutId: string, outcome: Record<string, unknown> = {}) => {
      const done = await fakeControl<{ callback: FakeCallback }>(
        "xendit",
        `payouts/${payoutId}/complete?account=${encodeURIComponent(secretKey)}`,
        { body: outcome },
      );
      return done.callback;
    };
    return { secretKey, callbackToken, app, rider, balance, cashOut, deliver, complete };
  }

  it("a rider cashes out to GCash: the fake records exactly the documented fields; its succeeded callback settles it once; the rider can cash out again", async () => {
    const { secretKey, callbackToken, app, rider, balance, cashOut, deliver, complete } = await setUp();
    const answer = await cashOut(300);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.cashout).toMatchObject({ status: "sending", amount: 300, accountName: "Rico Dela Cruz" });
    const id = answer.json.cashout.id as string;
    expect(await balance()).toBe(200);
    const [sent] = await requestsTo("xendit", secretKey);
    const body = JSON.parse(sent!.body);
    expect(Object.keys(body).sort()).toEqual(CREATE_FIELDS);
    expect(body).toMatchObject({
      reference_id: id,
      channel_code: "PH_GCASH",
      amount: 300,
      currency: "PHP",
      channel_properties: { account_number: "09171234567", account_holder_name: "Rico Dela Cruz" },
    });
    expect(sent!.headers["idempotency-key"]).toBe(id);
    // While it is sending, no second cash-out by any method.
    expect(
      (await app.api("/api/rider/cashouts", { cookie: rider.cookie, body: { amount: 50, method: "office" } })).status,
    ).toBe(409);

    const row = await env.DB.prepare("SELECT provider, provider_payout_id FROM cashouts WHERE id = ?1")
      .bind(id)
      .first<{ provider: string; provider_payout_id: string }>();
    expect(row).toMatchObject({ provider: "xendit", provider_payout_id: expect.stringMatching(/^disb-/) });
    const callback = await complete(row!.provider_payout_id);
    expect(callback.path).toBe("/api/payouts/webhook");
    expect(callback.headers["x-callback-token"]).toBe(callbackToken);
    expect(JSON.parse(callback.body)).toMatchObject({
      event: "payout.succeeded",
      data: { reference_id: id, status: "SUCCEEDED", amount: 300 },
    });

    // Refused unless authentic: a wrong token, none, and a token for another business.
    expect((await deliver(callback, { "x-callback-token": "not-the-token" })).status).toBe(401);
    expect((await deliver(callback, {})).status).toBe(401);
    expect((await deliver(callback, { "x-callback-token": (await business()).callbackToken })).status).toBe(401);
    const status = async () =>
      (await app.api("/api/rider/cashouts", { cookie: rider.cookie })).json.cashouts.find(
        (c: { id: string }) => c.id === id,
      ).status;
    expect(await status()).toBe("sending");

    const settled = await deliver(callback);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.json.outcome).toBe("paid");
    // Xendit retries a callback: the same one again changes nothing.
    expect((await deliver(callback)).json.outcome).toBe("duplicate");
    expect(await status()).toBe("paid");
    expect(await balance()).toBe(200);
    expect((await callbacksFrom("xendit", secretKey)).map((c) => JSON.parse(c.body).event)).toEqual([
      "payout.succeeded",
    ]);
    const again = await cashOut(200);
    expect(again.status).toBe(201);
    expect(again.json.cashout.status).toBe("sending");
  });

  it("a failed payout's callback returns the money and tells the rider, in their language; a reversal after success returns it once", async () => {
    const { app, rider, balance, cashOut, deliver, complete } = await setUp();
    const failing = (await cashOut(300)).json.cashout.id as string;
    const payoutIdOf = async (id: string) =>
      (await env.DB.prepare("SELECT provider_payout_id FROM cashouts WHERE id = ?1")
        .bind(id)
        .first<{ provider_payout_id: string }>())!.provider_payout_id;
    const failed = await complete(await payoutIdOf(failing), { status: "FAILED", failure_code: "INVALID_DESTINATION" });
    expect(JSON.parse(failed.body)).toMatchObject({
      event: "payout.failed",
      data: { status: "FAILED", failure_code: "INVALID_DESTINATION" },
    });
    expect((await deliver(failed)).json.outcome).toBe("failed");
    expect((await deliver(failed)).json.outcome).toBe("duplicate");
    expect(await balance()).toBe(500);
    const mine = (
      await app.api("/api/rider/cashouts", { cookie: rider.cookie, headers: { "Accept-Language": "fil" } })
    ).json.cashouts.find((c: { id: string }) => c.id === failing);
    expect(mine).toMatchObject({ status: "failed" });
    expect(mine.failureReason).toMatch(/^Hindi tugma ang GCash number at pangalan/);
    const bell = (await app.api("/api/notifications", { cookie: rider.cookie })).json.notifications as {
      title: string;
    }[];
    expect(bell.filter((n) => n.title === "GCash cash-out failed")).toHaveLength(1);

    const reversing = (await cashOut(100)).json.cashout.id as string;
    const id = await payoutIdOf(reversing);
    expect((await deliver(await complete(id))).json.outcome).toBe("paid");
    expect(await balance()).toBe(400);
    const reversed = await complete(id, { status: "REVERSED" });
    expect(JSON.parse(reversed.body).event).toBe("payout.reversed");
    expect((await deliver(reversed)).json.outcome).toBe("reversed");
    expect((await deliver(reversed)).json.outcome).toBe("duplicate");
    expect(await balance()).toBe(500);
  });

  it("the cron asks Xendit before asking again: a payout whose answer was lost is not posted twice; one Xendit never got is posted again with the same key and body", async () => {
    const { secretKey, app, rider, cashOut, deliver, complete } = await setUp();
    const long = Date.UTC(2020, 0, 1);
    const backdate = (id: string) =>
      env.DB.prepare("UPDATE cashouts SET requested_at = ?2 WHERE id = ?1").bind(id, long).run();
    const row = (id: string) =>
      env.DB.prepare("SELECT status, provider_payout_id FROM cashouts WHERE id = ?1")
        .bind(id)
        .first<{ status: string; provider_payout_id: string | null }>();

    // The request died (kill -9) after Xendit took the payout and before its answer was stored: no payout id here.
    const lost = uniqueKey("co_");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO cashouts (id, rider_id, amount, fee, method, account_number, account_name, status, requested_at, provider) VALUES (?1, ?2, 10000, 0, 'gcash', '+639171234567', 'Rico Dela Cruz', 'sending', ?3, 'xendit')",
      ).bind(lost, rider.user.id, long),
      env.DB.prepare(
        "INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at) VALUES (?1, 'cashout', -10000, ?2, ?3)",
      ).bind(rider.user.id, `cashout:${lost}`, long),
    ]);
    await gatewayFor(secretKey).sendPayout({
      cashoutId: lost,
      amount: 10000,
      account: "+639171234567",
      accountName: "Rico Dela Cruz",
      description: `Hatid cash-out ${lost}`,
    });
    expect(await row(lost)).toEqual({ status: "sending", provider_payout_id: null });
    // Only payouts asked for before `long` qualify, so other tests' rows are not this run's.
    await resendStuckPayouts(app.env, long + STUCK_PAYOUT_MS);
    const posts = async () => (await requestsTo("xendit", secretKey)).filter((r) => r.method === "POST");
    expect(await posts()).toHaveLength(1);
    const asked = (await requestsTo("xendit", secretKey)).filter((r) => r.method === "GET");
    expect(asked.map((r) => [r.path, r.query])).toEqual([["/v2/payouts", { reference_id: lost }]]);
    const found = await row(lost);
    expect(found).toMatchObject({ status: "sending", provider_payout_id: expect.stringMatching(/^disb-/) });
    // Still ACCEPTED at Xendit: the next run asks by its id and leaves it alone.
    await resendStuckPayouts(app.env, long + STUCK_PAYOUT_MS);
    expect(await posts()).toHaveLength(1);
    expect((await deliver(await complete(found!.provider_payout_id!))).json.outcome).toBe("paid");

    // Xendit failed before doing anything: it has nothing under our reference, so the payout is asked for again, once.
    await armFailure("xendit", secretKey, { status: 503, body: { error_code: "SERVER_ERROR", message: "down" } });
    const never = (await cashOut(100)).json.cashout.id as string;
    expect(await row(never)).toEqual({ status: "sending", provider_payout_id: null });
    await backdate(never);
    await resendStuckPayouts(app.env, long + STUCK_PAYOUT_MS);
    const all = await posts();
    expect(all).toHaveLength(3);
    expect(all[2]!.headers["idempotency-key"]).toBe(never);
    expect(all[2]!.body).toBe(all[1]!.body);
    expect(await row(never)).toMatchObject({ status: "sending", provider_payout_id: expect.stringMatching(/^disb-/) });
  });
});
