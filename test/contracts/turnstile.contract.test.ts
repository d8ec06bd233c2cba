import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { turnstileVerifier } from "~/auth/captcha.server";
import { observedFetch } from "~/providers/provider-health.server";
import { appWith } from "./app";
import { armFailure, fakeControl, fakeUrl, requestsTo, uniqueKey } from "./fakes";

/**
 * The production Turnstile adapter (app/auth/captcha.server.ts) against the contract fake of
 * siteverify (test/contracts/fakes/turnstile.mjs, which names the documentation it follows).
 */

/** A widget of our own at the fake: its secret is the account our requests are recorded under. */
async function widget() {
  const sitekey = uniqueKey("0x4AAAAAAA");
  const secret = uniqueKey("0x4AAAAAAAsecret");
  await fakeControl("turnstile", "widgets", { body: { sitekey, secret } });
  const token = async (hostname = "localhost") =>
    (await fakeControl<{ token: string }>("turnstile", "tokens", { body: { sitekey, hostname } })).token;
  return { sitekey, secret, token };
}

const verifierFor = (secret: string, timeoutMs = 5_000) =>
  turnstileVerifier({ secret, baseUrl: fakeUrl("turnstile"), timeoutMs });
const DOCUMENTED_FIELDS = ["secret", "response", "remoteip", "idempotency_key"];

describe("Turnstile's siteverify, as Cloudflare documents it", () => {
  it("passes a solved challenge's token, sending only the documented fields, form-encoded, with a UUID idempotency key", async () => {
    const { secret, token } = await widget();
    expect(await verifierFor(secret).verify(await token(), "203.0.113.7")).toBe("passed");
    const [request, ...more] = await requestsTo("turnstile", secret);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({ method: "POST", path: "/turnstile/v0/siteverify" });
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const fields = Object.fromEntries(new URLSearchParams(request!.body));
    expect(Object.keys(fields).sort()).toEqual([...DOCUMENTED_FIELDS].sort());
    expect(fields).toMatchObject({ secret, remoteip: "203.0.113.7" });
    expect(fields.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("leaves remoteip out when the client's address is unknown (it is optional)", async () => {
    const { secret, token } = await widget();
    expect(await verifierFor(secret).verify(await token(), null)).toBe("passed");
    const [request] = await requestsTo("turnstile", secret);
    expect(Object.keys(Object.fromEntries(new URLSearchParams(request!.body))).sort()).toEqual([
      "idempotency_key",
      "response",
      "secret",
    ]);
  });

  it("fails a token validated before (a replay), an unknown token, an expired one, and one over 2048 characters (never sent)", async () => {
    const { secret, token } = await widget();
    const verifier = verifierFor(secret);
    const used = await token();
    expect(await verifier.verify(used, null)).toBe("passed");
    expect(await verifier.verify(used, null)).toBe("failed");
    expect(await verifier.verify("0.not-a-token-the-widget-made", null)).toBe("failed");
    const old = await token();
    await fakeControl("turnstile", "tokens/age", { body: { token: old, ms: 301_000 } });
    expect(await verifier.verify(old, null)).toBe("failed");
    const sentBefore = (await requestsTo("turnstile", secret)).length;
    expect(await verifier.verify("x".repeat(2049), null)).toBe("failed");
    expect(await requestsTo("turnstile", secret)).toHaveLength(sentBefore);
  });

  it("says 'unavailable', not 'failed', when Turnstile refuses our own secret: the person is not to blame", async () => {
    const { token } = await widget();
    expect(await verifierFor(uniqueKey("0x4AAAAAAAwrong")).verify(await token(), null)).toBe("unavailable");
  });

  it("follows the documented dummy secrets: 1x… always passes, 2x… always fails, 3x… says the token was spent", async () => {
    expect(await verifierFor("1x0000000000000000000000000000000AA").verify("XXXX.DUMMY.TOKEN.XXXX", null)).toBe(
      "passed",
    );
    expect(await verifierFor("2x0000000000000000000000000000000AA").verify("XXXX.DUMMY.TOKEN.XXXX", null)).toBe(
      "failed",
    );
    expect(await verifierFor("3x0000000000000000000000000000000AA").verify("XXXX.DUMMY.TOKEN.XXXX", null)).toBe(
      "failed",
    );
  });

  it("retries once with the same idempotency key after an internal-error or a 5xx, and gets the first answer, not 'timeout-or-duplicate'", async () => {
    const { secret, token } = await widget();
    await armFailure("turnstile", secret, { status: 200, body: { success: false, "error-codes": ["internal-error"] } });
    expect(await verifierFor(secret).verify(await token(), null)).toBe("passed");
    await armFailure("turnstile", secret, { status: 503, body: "Service Unavailable" });
    expect(await verifierFor(secret).verify(await token(), null)).toBe("passed");
    const requests = await requestsTo("turnstile", secret);
    expect(requests).toHaveLength(4);
    const key = (i: number) => new URLSearchParams(requests[i]!.body).get("idempotency_key");
    expect(key(0)).toBe(key(1));
    expect(key(2)).toBe(key(3));
    expect(key(0)).not.toBe(key(2));
  });

  it("gives up after a timeout and its retry: 'unavailable'", async () => {
    const { secret, token } = await widget();
    await armFailure("turnstile", secret, { delayMs: 1_500, times: 2 });
    const started = Date.now();
    expect(await verifierFor(secret, 200).verify(await token(), null)).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(await requestsTo("turnstile", secret)).toHaveLength(2);
  });

  it("a check whose first answer was lost to a timeout is retried and passes: the retry's key gets the first validation's answer", async () => {
    const { secret, token } = await widget();
    await armFailure("turnstile", secret, { answerDelayMs: 800 });
    expect(await verifierFor(secret, 300).verify(await token(), null)).toBe("passed");
    const requests = await requestsTo("turnstile", secret);
    expect(requests).toHaveLength(2);
    expect(new URLSearchParams(requests[1]!.body).get("idempotency_key")).toBe(
      new URLSearchParams(requests[0]!.body).get("idempotency_key"),
    );
  });
});

describe("sign-in with Turnstile configured (the Worker, its production adapter, real D1)", () => {
  const phone = () => `09${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

  it("sends a code only for a fresh token; a missing, replayed or forged token is refused and sends nothing; Turnstile down answers 503", async () => {
    const { sitekey, secret, token } = await widget();
    const app = appWith({
      TURNSTILE_SITE_KEY: sitekey,
      TURNSTILE_SECRET_KEY: secret,
      TURNSTILE_API_URL: fakeUrl("turnstile"),
    });
    const send = (captchaToken: string | undefined) =>
      app.api("/api/identity/sms/send", {
        body: { phoneNumber: phone(), captchaToken },
        headers: { "CF-Connecting-IP": "198.51.100.20" },
      });

    const missing = await send(undefined);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("Security check failed. Please try again");

    const fresh = await token();
    const sent = await send(fresh);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.verificationId).toEqual(expect.any(String));
    const [check] = await requestsTo("turnstile", secret);
    expect(new URLSearchParams(check!.body).get("remoteip")).toBe("198.51.100.20");

    expect((await send(fresh)).status).toBe(400);
    expect((await send("0.forged")).status).toBe(400);

    await armFailure("turnstile", secret, { status: 502, times: 2 });
    const down = await send(await token());
    expect(down.status).toBe(503);
    expect(down.json.error).toBe("Sign-in is temporarily unavailable. Please try again later");
  });

  it("the sign-in page loads the widget from the configured origin, which the page's CSP allows", async () => {
    const { sitekey } = await widget();
    const app = appWith({
      TURNSTILE_SITE_KEY: sitekey,
      TURNSTILE_SECRET_KEY: "unused",
      TURNSTILE_API_URL: fakeUrl("turnstile"),
    });
    const page = await app.api("/sign-in");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-turnstile-site-key="${sitekey}"`);
    expect(page.text).toContain(`data-turnstile-script="${fakeUrl("turnstile")}/turnstile/v0/api.js?render=explicit"`);
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'nonce-`);
    expect(csp).toContain(fakeUrl("turnstile"));
    expect(csp).not.toContain("https://challenges.cloudflare.com");
  });

  it("records when Turnstile last answered, and its last failure, for the setup page", async () => {
    const { secret, token } = await widget();
    const verifier = turnstileVerifier({
      secret,
      baseUrl: fakeUrl("turnstile"),
      fetcher: observedFetch(env.DB, "turnstile"),
    });
    const before = Date.now();
    expect(await verifier.verify(await token(), null)).toBe("passed");
    await armFailure("turnstile", secret, { status: 502, times: 2 });
    expect(await verifier.verify(await token(), null)).toBe("unavailable");
    const row = await env.DB.prepare("SELECT * FROM provider_health WHERE provider = 'turnstile'").first<
      Record<string, unknown>
    >();
    expect(row!.last_success_at).toBeGreaterThanOrEqual(before);
    expect(row!.last_failure).toBe("HTTP 502");
    expect(row!.last_failure_at).toBeGreaterThanOrEqual(row!.last_success_at as number);
  });
});
