import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { idempotencyKeyOf, MESSAGE_RETRIES, sendRecorded } from "~/notifications/message-log.server";
import { messagingText, type WordedMessage } from "~/notifications/messaging.server";
import { ResendEmailSender } from "~/notifications/resend.server";
import { observedFetch } from "~/providers/provider-health.server";
import worker from "../../workers/app";
import { appWith } from "./app";
import { armFailure, fakeControl, fakeUrl, requestsTo, uniqueKey } from "./fakes";

/**
 * The production email adapter (Resend, app/notifications/resend.server.ts) against the contract fake
 * of Resend's API (test/contracts/fakes/email.mjs, which names the documentation it follows).
 */

interface SentEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  undocumented: string[];
}

const DOMAIN = "hatid.example";
const FROM = `Hatid <sign-in@${DOMAIN}>`;

/** An API key of our own at the fake: the account our requests are recorded under. */
async function apiKey(options: { domains?: string[]; perSecond?: number; dailyQuota?: number } = {}) {
  const key = uniqueKey("re_");
  await fakeControl("email", "api-keys", { body: { key, domains: [DOMAIN], ...options } });
  const emails = async () => (await fakeControl<{ emails: SentEmail[] }>("email", `emails?account=${key}`)).emails;
  return { key, emails };
}

const senderFor = (key: string, options: { from?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  new ResendEmailSender({ apiKey: key, from: FROM, baseUrl: fakeUrl("email"), ...options });
const email = (
  to: string,
  body = "Sign in to Hatid by opening this link within 15 minutes:\n\nhttp://localhost/auth/email-verify?token=abc",
): WordedMessage => ({
  channel: "email",
  to,
  subject: "Your Hatid sign-in link",
  body,
});
const freshAddress = () => `${uniqueKey("person")}@example.ph`;

describe("Resend's POST /emails, as its documentation describes it", () => {
  it("sends exactly from, to, subject and text as JSON, with a bearer key, a User-Agent and the idempotency key given", async () => {
    const { key, emails } = await apiKey();
    const to = freshAddress();
    await senderFor(key).send(email(to), { idempotencyKey: "hatid-message/1/abc" });
    const [request, ...more] = await requestsTo("email", key);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({ method: "POST", path: "/emails" });
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${key}`,
      "idempotency-key": "hatid-message/1/abc",
      "user-agent": "Hatid/1 (Cloudflare Worker)",
    });
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    const body = JSON.parse(request!.body);
    expect(Object.keys(body).sort()).toEqual(["from", "subject", "text", "to"]);
    expect(body).toEqual({ from: FROM, to: [to], subject: "Your Hatid sign-in link", text: email(to).body });
    expect(await emails()).toMatchObject([
      { from: FROM, to: [to], subject: "Your Hatid sign-in link", text: email(to).body, undocumented: [] },
    ]);
  });

  it("takes EMAIL_API_URL as Resend's origin, and as the old full endpoint (…/emails)", async () => {
    const { key, emails } = await apiKey();
    await senderFor(key, { baseUrl: `${fakeUrl("email")}/` }).send(email(freshAddress()));
    await senderFor(key, { baseUrl: `${fakeUrl("email")}/emails` }).send(email(freshAddress()));
    expect((await requestsTo("email", key)).map((r) => r.path)).toEqual(["/emails", "/emails"]);
    expect(await emails()).toHaveLength(2);
  });

  it("the fake refuses what Resend documents it refuses: no User-Agent, no key", async () => {
    const { key } = await apiKey();
    const post = (headers: Record<string, string>) =>
      fetch(`${fakeUrl("email")}/emails`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ from: FROM, to: "a@example.ph", subject: "s", text: "t" }),
      });
    // An empty User-Agent stands for none (a fetch may add one of its own when it is left out).
    expect((await post({ Authorization: `Bearer ${key}`, "User-Agent": "" })).status).toBe(403);
    expect(await (await post({ "User-Agent": "test" })).json()).toEqual({
      statusCode: 401,
      name: "missing_api_key",
      message: "Missing API key in the authorization header.",
    });
  });

  it("turns each documented refusal into an error an operator can act on", async () => {
    const { key } = await apiKey({ dailyQuota: 1 });
    const to = freshAddress();
    await expect(senderFor(uniqueKey("re_unknown")).send(email(to))).rejects.toThrow(
      "Resend refused the email (HTTP 403 invalid_api_key: API key is invalid.): check EMAIL_API_KEY",
    );
    await expect(senderFor(key, { from: "Hatid <sign-in@unverified.example>" }).send(email(to))).rejects.toThrow(
      "Resend refused the email (HTTP 403 validation_error: The unverified.example domain is not verified. Please, add and verify your domain on https://resend.com/domains): check EMAIL_FROM and its domain in Resend",
    );
    await expect(senderFor(key, { from: "Hatid sign-in" }).send(email(to))).rejects.toThrow(
      /^Resend refused the email \(HTTP 422 invalid_from_address: .*\): check EMAIL_FROM and its domain in Resend$/,
    );
    await senderFor(key).send(email(to));
    await expect(senderFor(key).send(email(to))).rejects.toThrow(
      "Resend refused the email (HTTP 429 daily_quota_exceeded: You have reached your daily email sending quota.): the Resend plan's sending quota is used up",
    );
    await armFailure("email", key, {
      status: 500,
      body: { statusCode: 500, name: "internal_server_error", message: "An unexpected error occurred." },
    });
    await expect(senderFor(key).send(email(to))).rejects.toThrow(
      "Resend refused the email (HTTP 500 internal_server_error: An unexpected error occurred.)",
    );
    await armFailure("email", key, { status: 200, body: { ok: true } });
    await expect(senderFor(key).send(email(to))).rejects.toThrow("Resend answered HTTP 200 without an email id");
  });

  it("past the rate limit: 429 rate_limit_exceeded with its retry-after, which the error repeats", async () => {
    const { key } = await apiKey({ perSecond: 1 });
    await senderFor(key).send(email(freshAddress()));
    await expect(senderFor(key).send(email(freshAddress()))).rejects.toThrow(
      /^Resend refused the email \(HTTP 429 rate_limit_exceeded: .*\): try again in 1 s$/,
    );
  });

  it("a sign-in link never appears in a recorded error", async () => {
    const { key } = await apiKey();
    const link = "http://localhost/auth/email-verify?token=secret-token-0123";
    await armFailure("email", key, {
      status: 400,
      body: { statusCode: 400, name: "validation_error", message: `Could not render ${link}` },
    });
    const error = await senderFor(key)
      .send({ ...email(freshAddress(), `Open ${link}`), link })
      .catch((e: Error) => e);
    expect(String(error)).toContain("HTTP 400 validation_error");
    expect(String(error)).not.toContain("secret-token-0123");
  });

  it("a retry with the same idempotency key gets the first answer and sends nothing; another email under that key is refused 409", async () => {
    const { key, emails } = await apiKey();
    const to = freshAddress();
    const sender = senderFor(key);
    await sender.send(email(to), { idempotencyKey: "hatid-message/retry/1" });
    await sender.send(email(to), { idempotencyKey: "hatid-message/retry/1" });
    expect(await requestsTo("email", key)).toHaveLength(2);
    expect(await emails()).toHaveLength(1);
    await expect(sender.send(email(to, "Another body"), { idempotencyKey: "hatid-message/retry/1" })).rejects.toThrow(
      "Resend refused the email (HTTP 409 invalid_idempotent_request: Same idempotency key used with a different request payload.)",
    );
    await expect(sender.send(email(to), { idempotencyKey: "x".repeat(257) })).rejects.toThrow(
      "HTTP 400 invalid_idempotency_key",
    );
    expect(await emails()).toHaveLength(1);
  });

  it("a key is remembered 24 hours, as documented: after that the same request sends again", async () => {
    const { key, emails } = await apiKey();
    const to = freshAddress();
    await senderFor(key).send(email(to), { idempotencyKey: "hatid-message/day/1" });
    await fakeControl("email", "idempotency/age", {
      body: { account: key, key: "hatid-message/day/1", ms: 24 * 3_600_000 },
    });
    await senderFor(key).send(email(to), { idempotencyKey: "hatid-message/day/1" });
    expect(await emails()).toHaveLength(2);
  });

  it("gives up after its timeout; when Resend had sent it, the retry with the same key is answered without a second email", async () => {
    const { key, emails } = await apiKey();
    await armFailure("email", key, { delayMs: 1_500 });
    const started = Date.now();
    await expect(
      senderFor(key, { timeoutMs: 200 }).send(email(freshAddress()), { idempotencyKey: "hatid-message/hang/1" }),
    ).rejects.toThrow("Resend did not answer within 200 ms");
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(await emails()).toHaveLength(0);

    const to = freshAddress();
    await armFailure("email", key, { answerDelayMs: 800 });
    await expect(
      senderFor(key, { timeoutMs: 300 }).send(email(to), { idempotencyKey: "hatid-message/lost/1" }),
    ).rejects.toThrow("Resend did not answer within 300 ms");
    await senderFor(key).send(email(to), { idempotencyKey: "hatid-message/lost/1" });
    expect((await emails()).filter((e) => e.to[0] === to)).toHaveLength(1);
  });
});

describe("emails through the Worker with Resend configured (the message log, the cron, real D1)", () => {
  const configured = (key: string) =>
    appWith({ EMAIL_API_KEY: key, EMAIL_FROM: FROM, EMAIL_API_URL: fakeUrl("email") });
  const messagesTo = async (recipient: string) =>
    (
      await env.DB.prepare(
        "SELECT id, status, attempts, last_error, body, retryable FROM messages WHERE recipient = ?1 ORDER BY created_at",
      )
        .bind(recipient)
        .all<{
          id: string;
          status: string;
          attempts: number;
          last_error: string | null;
          body: string;
          retryable: number;
        }>()
    ).results;
  async function cron(appEnv: Env) {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), appEnv, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("signs in with the link in the email Resend sent; nothing goes to the dev outbox", async () => {
    const { key, emails } = await apiKey();
    const app = configured(key);
    const address = freshAddress();
    const sent = await app.api("/api/identity/email/send", {
      body: { email: address },
      headers: { "CF-Connecting-IP": "198.51.100.40" },
    });
    expect(sent.status, sent.text).toBe(200);
    const [received, ...more] = await emails();
    expect(more).toHaveLength(0);
    expect(received).toMatchObject({ from: FROM, to: [address], subject: "Your Hatid sign-in link" });
    const link = /http:\/\/localhost\/auth\/email-verify\?token=[A-Za-z0-9_%-]+/.exec(received!.text!)![0];
    const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
    const verified = await app.api("/api/identity/email/verify", { body: { token, email: address } });
    expect(verified.status, verified.text).toBe(200);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM dev_outbox WHERE recipient = ?1")
        .bind(address)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(await messagesTo(address)).toMatchObject([{ status: "sent", attempts: 1, body: "", retryable: 0 }]);
  });

  it("a refused email is recorded failed with its reason; the cron's retry carries the same idempotency key and sends it once", async () => {
    const { key, emails } = await apiKey();
    const app = configured(key);
    const to = freshAddress();
    await armFailure("email", key, { status: 503, body: "upstream connect error" });
    const text = messagingText("server.messaging.applicationReceivedSms", { firstName: "Liza" });
    const outcome = await sendRecorded(
      app.env,
      { channel: "email", to, language: "en", subject: messagingText("server.messaging.signInEmailSubject"), text },
      { purpose: "proposal" },
    );
    expect(outcome.status).toBe("failed");
    expect(await messagesTo(to)).toMatchObject([
      { status: "failed", attempts: 1, last_error: "Resend refused the email (HTTP 503 upstream connect error)" },
    ]);
    await cron(app.env);
    const [row] = await messagesTo(to);
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    const tries = (await requestsTo("email", key)).filter((r) => JSON.parse(r.body).to?.[0] === to);
    expect(tries).toHaveLength(2);
    const expectedKey = await idempotencyKeyOf(row!.id, { to, subject: "Your Hatid sign-in link", body: row!.body });
    expect(tries.map((r) => r.headers["idempotency-key"])).toEqual([expectedKey, expectedKey]);
    expect((await emails()).filter((e) => e.to[0] === to)).toHaveLength(1);
  });

  it("the cron retries an email Resend keeps refusing at most 3 times", async () => {
    // A key whose domain is not ours: every try is refused, whatever else the cron retries through it.
    const { key, emails } = await apiKey({ domains: ["someone-else.example"] });
    const app = configured(key);
    const to = freshAddress();
    const text = messagingText("server.messaging.applicationReceivedSms", { firstName: "Liza" });
    await sendRecorded(
      app.env,
      { channel: "email", to, language: "en", subject: messagingText("server.messaging.signInEmailSubject"), text },
      { purpose: "proposal" },
    );
    for (let minute = 0; minute < MESSAGE_RETRIES + 2; minute++) await cron(app.env);
    expect(await messagesTo(to)).toMatchObject([
      {
        status: "failed",
        attempts: 1 + MESSAGE_RETRIES,
        last_error: expect.stringMatching(
          /^Resend refused the email \(HTTP 403 validation_error: The hatid\.example domain is not verified\./,
        ),
      },
    ]);
    expect((await requestsTo("email", key)).filter((r) => JSON.parse(r.body).to?.[0] === to)).toHaveLength(
      1 + MESSAGE_RETRIES,
    );
    expect(await emails()).toEqual([]);
  });

  it("records when Resend last answered, and its last failure, for the setup page", async () => {
    const { key } = await apiKey();
    const sender = new ResendEmailSender({
      apiKey: key,
      from: FROM,
      baseUrl: fakeUrl("email"),
      fetcher: observedFetch(env.DB, "email"),
    });
    const before = Date.now();
    await sender.send(email(freshAddress()));
    await armFailure("email", key, { status: 502 });
    await expect(sender.send(email(freshAddress()))).rejects.toThrow("HTTP 502");
    const row = await env.DB.prepare("SELECT * FROM provider_health WHERE provider = 'email'").first<
      Record<string, unknown>
    >();
    expect(row!.last_success_at).toBeGreaterThanOrEqual(before);
    expect(row!.last_failure).toBe("HTTP 502");
  });
});
