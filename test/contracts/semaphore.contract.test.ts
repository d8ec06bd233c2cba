import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { smsBody } from "~/auth/identity.server";
import { LANGUAGES } from "~/i18n/languages";
import { MESSAGE_RETRIES, sendRecorded } from "~/notifications/message-log.server";
import { inWords, messagingText } from "~/notifications/messaging.server";
import { SemaphoreSmsSender } from "~/notifications/semaphore.server";
import { observedFetch } from "~/providers/provider-health.server";
import worker from "../../workers/app";
import { appWith } from "./app";
import { armFailure, fakeControl, fakeUrl, requestsTo, uniqueKey } from "./fakes";

/**
 * The production Semaphore adapter (app/notifications/semaphore.server.ts) against the contract fake
 * of Semaphore's API (test/contracts/fakes/semaphore.mjs, which names the documentation it follows).
 */

interface DeliveredText {
  messageId: number;
  route: string;
  recipient: string;
  sender: string;
  text: string;
  parts: number;
  ignored: boolean;
}

/** An account of our own at the fake: its API key is the account our requests are recorded under. */
async function account(options: { senderNames?: string[]; credits?: number } = {}) {
  const apikey = uniqueKey("semaphore");
  await fakeControl("semaphore", "accounts", { body: { apikey, senderNames: ["HATID"], ...options } });
  const texts = async () =>
    (await fakeControl<{ messages: DeliveredText[] }>("semaphore", `messages?account=${apikey}`)).messages;
  return { apikey, texts };
}

const senderFor = (apikey: string, options: { senderName?: string; timeoutMs?: number } = {}) =>
  new SemaphoreSmsSender({ apiKey: apikey, baseUrl: fakeUrl("semaphore"), senderName: "HATID", ...options });
const fieldsOf = (body: string) => Object.fromEntries(new URLSearchParams(body));
const sixDigitNumbers = (text: string) => text.match(/\d{6,}/g) ?? [];

let sequence = 0;
const freshMobile = () => `0917${String((Date.now() + sequence++) % 10_000_000).padStart(7, "0")}`;
const e164 = (local: string) => `+63${local.slice(1)}`;
const sms = (to: string, body: string, code?: string) => ({
  channel: "sms" as const,
  to,
  body,
  ...(code ? { code } : {}),
});

describe("Semaphore's messages API, as its documentation describes it", () => {
  it("sends a text to /api/v4/messages, form-encoded, with exactly apikey, number (63…), message and sendername; the person reads our words", async () => {
    const { apikey, texts } = await account();
    const to = e164(freshMobile());
    await senderFor(apikey).send(sms(to, "Hatid: we received your rider application."));
    const [request, ...more] = await requestsTo("semaphore", apikey);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({ method: "POST", path: "/api/v4/messages" });
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(fieldsOf(request!.body)).sort()).toEqual(["apikey", "message", "number", "sendername"]);
    expect(fieldsOf(request!.body)).toEqual({
      apikey,
      number: to.slice(1),
      message: "Hatid: we received your rider application.",
      sendername: "HATID",
    });
    expect(await texts()).toMatchObject([
      {
        route: "messages",
        recipient: to.slice(1),
        sender: "HATID",
        text: "Hatid: we received your rider application.",
        parts: 1,
        ignored: false,
      },
    ]);
  });

  it("leaves sendername out when none is configured (Semaphore's default name)", async () => {
    const { apikey, texts } = await account();
    await senderFor(apikey, { senderName: undefined }).send(sms(e164(freshMobile()), "Hatid: hello"));
    const [request] = await requestsTo("semaphore", apikey);
    expect(Object.keys(fieldsOf(request!.body)).sort()).toEqual(["apikey", "message", "number"]);
    expect((await texts())[0]!.sender).toBe("SEMAPHORE");
  });

  it("sends a sign-in code by the priority route with our own words: the text read holds exactly one 6-digit code, the one given", async () => {
    const { apikey, texts } = await account();
    const to = e164(freshMobile());
    const code = "482913";
    const worded = inWords({ channel: "sms", to, language: "en", text: smsBody(code), code });
    await senderFor(apikey).send(worded);
    const [request] = await requestsTo("semaphore", apikey);
    expect(request!.path).toBe("/api/v4/priority");
    expect(Object.keys(fieldsOf(request!.body)).sort()).toEqual(["apikey", "message", "number", "sendername"]);
    const [delivered] = await texts();
    expect(sixDigitNumbers(delivered!.text)).toEqual([code]);
    expect(delivered!.text).toBe(
      `${code} is your Hatid sign-in code. It expires in 5 minutes. Never share it with anyone, including riders.`,
    );
  });

  it("the fake's OTP route behaves as documented: without {otp} it appends a code of its own (the two codes the adapter used to send)", async () => {
    const { apikey, texts } = await account();
    const response = await fetch(`${fakeUrl("semaphore")}/api/v4/otp`, {
      method: "POST",
      body: new URLSearchParams({ apikey, number: "639171234567", message: "482913 is your Hatid sign-in code." }),
    });
    const [record] = (await response.json()) as { code: number; message: string }[];
    expect(sixDigitNumbers((await texts())[0]!.text)).toEqual(["482913", String(record!.code)]);
    expect(record!.message).toBe(`482913 is your Hatid sign-in code.. Your One Time Password is ${record!.code}`);
  });

  it("every sign-in text, in every language, is one SMS of ASCII with one 6-digit number", () => {
    for (const language of LANGUAGES) {
      const { body } = inWords({
        channel: "sms",
        to: "+639171234567",
        language,
        text: smsBody("000000"),
        code: "000000",
      });
      expect(body, language).toMatch(/^[\x20-\x7e]+$/);
      expect(body.length, language).toBeLessThanOrEqual(160);
      expect(sixDigitNumbers(body), language).toEqual(["000000"]);
    }
  });

  it("refuses, before sending, a number outside the Philippines and a text that starts with TEST (which Semaphore silently drops)", async () => {
    const { apikey } = await account();
    await expect(senderFor(apikey).send(sms("+14155550123", "Hatid: hello"))).rejects.toThrow(
      "only to Philippine mobile numbers",
    );
    await expect(senderFor(apikey).send(sms(e164(freshMobile()), "Test delivery: hello"))).rejects.toThrow(
      'starts with the word "TEST"',
    );
    await expect(
      senderFor(apikey, { senderName: "HATID-COOP-PH" }).send(sms(e164(freshMobile()), "Hatid: hello")),
    ).rejects.toThrow("SEMAPHORE_SENDER_NAME");
    expect(await requestsTo("semaphore", apikey)).toHaveLength(0);
  });

  it("the fake drops a TEST text silently, as documented: answered, never delivered, never charged", async () => {
    const { apikey, texts } = await account({ credits: 1 });
    const response = await fetch(`${fakeUrl("semaphore")}/api/v4/messages`, {
      method: "POST",
      body: new URLSearchParams({ apikey, number: "09171234567", message: "TEST hello" }),
    });
    expect(response.status).toBe(200);
    expect(await texts()).toMatchObject([{ ignored: true }]);
    await senderFor(apikey).send(sms(e164(freshMobile()), "Hatid: the one credit is still there"));
  });

  it("turns each refusal into an error an operator can act on", async () => {
    const { apikey } = await account({ senderNames: [], credits: 1 });
    const to = e164(freshMobile());
    await expect(senderFor(uniqueKey("unknown")).send(sms(to, "Hatid: hello"))).rejects.toThrow(
      "Semaphore refused the API key (HTTP 401): check SEMAPHORE_API_KEY",
    );
    await expect(senderFor(apikey).send(sms(to, "Hatid: hello"))).rejects.toThrow(
      "Semaphore refused the text (HTTP 422): sendername: The selected sendername is invalid.",
    );
    await expect(senderFor(apikey, { senderName: undefined }).send(sms(to, "x".repeat(161)))).rejects.toThrow(
      /HTTP 402.*not sufficient/,
    );
    await armFailure("semaphore", apikey, { status: 502, body: "<html>Bad Gateway</html>" });
    await expect(senderFor(apikey, { senderName: undefined }).send(sms(to, "Hatid: hello"))).rejects.toThrow(
      "Semaphore refused the text (HTTP 502): <html>Bad Gateway</html>",
    );
    await armFailure("semaphore", apikey, { status: 200, body: { message: "Something happened" } });
    await expect(senderFor(apikey, { senderName: undefined }).send(sms(to, "Hatid: hello"))).rejects.toThrow(
      "Semaphore answered HTTP 200 without a message record: Something happened",
    );
  });

  it("a code never appears in a recorded error, even when Semaphore's answer repeats the text", async () => {
    const { apikey } = await account();
    await armFailure("semaphore", apikey, { status: 422, body: { message: ["482913 is your Hatid sign-in code."] } });
    const error = await senderFor(apikey)
      .send(sms(e164(freshMobile()), "482913 is your Hatid sign-in code.", "482913"))
      .catch((e: Error) => e);
    expect(String(error)).toContain("HTTP 422");
    expect(String(error)).not.toContain("482913");
  });

  it("120 texts a minute pass; the next is refused 429 with Retry-After, which the error repeats", async () => {
    const { apikey } = await account();
    const sender = senderFor(apikey);
    const to = e164(freshMobile());
    for (let i = 0; i < 120; i++) await sender.send(sms(to, `Hatid: text ${i}`));
    const [last] = (await requestsTo("semaphore", apikey)).slice(-1);
    expect(last).toBeDefined();
    await expect(sender.send(sms(to, "Hatid: one too many"))).rejects.toThrow(
      /^Semaphore's rate limit \(HTTP 429\): try again in \d+ s$/,
    );
    // The priority route is not the ordinary route's limit.
    await sender.send(sms(to, "111111 is your code", "111111"));
  });

  it("gives up after its timeout (a hang), saying the text may have been sent", async () => {
    const { apikey } = await account();
    await armFailure("semaphore", apikey, { delayMs: 1_500 });
    const started = Date.now();
    await expect(senderFor(apikey, { timeoutMs: 200 }).send(sms(e164(freshMobile()), "Hatid: hello"))).rejects.toThrow(
      "Semaphore did not answer within 200 ms (the text may have been sent)",
    );
    expect(Date.now() - started).toBeLessThan(1_400);
  });
});

describe("texts through the Worker with Semaphore configured (the message log, the cron, real D1)", () => {
  const configured = (apikey: string) =>
    appWith({ SEMAPHORE_API_KEY: apikey, SEMAPHORE_API_URL: fakeUrl("semaphore"), SEMAPHORE_SENDER_NAME: "HATID" });
  const messagesTo = async (recipient: string) =>
    (
      await env.DB.prepare(
        "SELECT status, attempts, last_error, body, retryable, purpose FROM messages WHERE recipient = ?1 ORDER BY created_at",
      )
        .bind(recipient)
        .all<{
          status: string;
          attempts: number;
          last_error: string | null;
          body: string;
          retryable: number;
          purpose: string;
        }>()
    ).results;
  const outboxTo = async (recipient: string) =>
    (await env.DB.prepare("SELECT body FROM dev_outbox WHERE recipient = ?1").bind(recipient).all()).results;
  async function cron(appEnv: Env) {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), appEnv, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("signs in with the one code the person reads; nothing goes to the dev outbox", async () => {
    const { apikey, texts } = await account();
    const app = configured(apikey);
    const local = freshMobile();
    const sent = await app.api("/api/identity/sms/send", {
      body: { phoneNumber: local },
      headers: { "CF-Connecting-IP": `198.51.100.${sequence++ % 250}` },
    });
    expect(sent.status, sent.text).toBe(200);
    const [delivered, ...more] = await texts();
    expect(more).toHaveLength(0);
    expect(delivered).toMatchObject({ route: "priority", recipient: e164(local).slice(1), sender: "HATID" });
    const codes = sixDigitNumbers(delivered!.text);
    expect(codes).toHaveLength(1);
    const verified = await app.api("/api/identity/sms/verify", {
      body: { verificationId: sent.json.verificationId, code: codes[0] },
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json.idToken).toEqual(expect.any(String));
    expect(await outboxTo(e164(local))).toEqual([]);
    expect(await messagesTo(e164(local))).toEqual([
      { status: "sent", attempts: 1, last_error: null, body: "", retryable: 0, purpose: "sign_in" },
    ]);
  });

  it("a code Semaphore refuses is 503 to the person, recorded failed without the code, never retried", async () => {
    const { apikey, texts } = await account();
    const app = configured(apikey);
    const local = freshMobile();
    await armFailure("semaphore", apikey, { status: 401, body: { message: "Unauthenticated." } });
    const sent = await app.api("/api/identity/sms/send", {
      body: { phoneNumber: local },
      headers: { "CF-Connecting-IP": `198.51.100.${sequence++ % 250}` },
    });
    expect(sent.status).toBe(503);
    expect(sent.json.error).toBe("Sign-in is temporarily unavailable. Please try again later");
    await cron(app.env);
    expect(await messagesTo(e164(local))).toEqual([
      {
        status: "failed",
        attempts: 1,
        last_error: "Semaphore refused the API key (HTTP 401): check SEMAPHORE_API_KEY",
        body: "",
        retryable: 0,
        purpose: "sign_in",
      },
    ]);
    expect(await texts()).toEqual([]);
  });

  it("a text Semaphore refuses is recorded failed with its reason; the cron sends it on the next try, once", async () => {
    const { apikey, texts } = await account();
    const app = configured(apikey);
    const to = e164(freshMobile());
    await armFailure("semaphore", apikey, { status: 503, body: "Service Unavailable" });
    const outcome = await sendRecorded(
      app.env,
      {
        channel: "sms",
        to,
        language: "en",
        text: messagingText("server.messaging.applicationReceivedSms", { firstName: "Juan" }),
      },
      { purpose: "application_received" },
    );
    expect(outcome.status).toBe("failed");
    expect(await messagesTo(to)).toMatchObject([
      { status: "failed", attempts: 1, last_error: "Semaphore refused the text (HTTP 503): Service Unavailable" },
    ]);
    await cron(app.env);
    expect(await messagesTo(to)).toMatchObject([{ status: "sent", attempts: 2, last_error: null }]);
    const mine = (await texts()).filter((t) => t.recipient === to.slice(1));
    expect(mine.map((t) => t.text)).toEqual([
      "Hatid: Hi Juan, we received your rider application. Our team will contact you within 1-2 business days. Salamat!",
    ]);
  });

  it("the cron retries a text Semaphore keeps refusing at most 3 times", async () => {
    // An account without credits: every try is refused, whatever else the cron retries through it.
    const { apikey, texts } = await account({ credits: 0 });
    const app = configured(apikey);
    const to = e164(freshMobile());
    await sendRecorded(
      app.env,
      {
        channel: "sms",
        to,
        language: "en",
        text: messagingText("server.messaging.applicationReceivedSms", { firstName: "Ana" }),
      },
      { purpose: "application_received" },
    );
    for (let minute = 0; minute < MESSAGE_RETRIES + 2; minute++) await cron(app.env);
    expect(await messagesTo(to)).toMatchObject([
      {
        status: "failed",
        attempts: 1 + MESSAGE_RETRIES,
        last_error:
          "Semaphore refused the text (HTTP 402): Your current balance of 0 credits is not sufficient. This transaction requires 1 credits.",
      },
    ]);
    const tries = (await requestsTo("semaphore", apikey)).filter((r) => fieldsOf(r.body).number === to.slice(1));
    expect(tries).toHaveLength(1 + MESSAGE_RETRIES);
    expect((await texts()).filter((t) => t.recipient === to.slice(1))).toEqual([]);
  });

  it("records when Semaphore last answered, and its last failure, for the setup page", async () => {
    const { apikey } = await account();
    const sender = new SemaphoreSmsSender({
      apiKey: apikey,
      baseUrl: fakeUrl("semaphore"),
      fetcher: observedFetch(env.DB, "semaphore"),
    });
    const before = Date.now();
    await sender.send(sms(e164(freshMobile()), "Hatid: hello"));
    await armFailure("semaphore", apikey, { status: 429, headers: { "Retry-After": "30" } });
    await expect(sender.send(sms(e164(freshMobile()), "Hatid: hello"))).rejects.toThrow(
      "Semaphore's rate limit (HTTP 429): try again in 30 s",
    );
    const row = await env.DB.prepare("SELECT * FROM provider_health WHERE provider = 'semaphore'").first<
      Record<string, unknown>
    >();
    expect(row!.last_success_at).toBeGreaterThanOrEqual(before);
    expect(row!.last_failure).toBe("HTTP 429");
  });
});
