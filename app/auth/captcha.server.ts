import { Refusal } from "~/http/refusal";
import type { Captcha } from "./turnstile";
import { observedFetch } from "~/providers/provider-health.server";

/**
 * Cloudflare Turnstile's server-side check (siteverify), as its documentation describes it: a
 * form with `secret`, `response` (the widget's token, at most 2048 characters), `remoteip` and an
 * `idempotency_key` (a UUID), which lets a retry of the same check get the first answer instead of
 * "timeout-or-duplicate" (a token validates once). The answer is JSON `{ success, "error-codes" }`.
 * One retry, with the same key, when Turnstile could not answer (a network error, a timeout, a 5xx
 * or its `internal-error`). Contract: test/contracts/fakes/turnstile.mjs.
 */
const TURNSTILE_API = "https://challenges.cloudflare.com";
const TIMEOUT_MS = 5_000;
const MAX_TOKEN_LENGTH = 2048;
/** Error codes that mean our own secret is wrong: the person is not to blame, sign-in is down. */
const OUR_FAULT = new Set(["missing-input-secret", "invalid-input-secret"]);

export type CaptchaVerdict = "passed" | "failed" | "unavailable";

export function turnstileVerifier({
  secret,
  baseUrl = TURNSTILE_API,
  fetcher = fetch,
  timeoutMs = TIMEOUT_MS,
}: {
  secret: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
}) {
  const url = `${baseUrl.replace(/\/$/, "")}/turnstile/v0/siteverify`;
  return {
    async verify(token: string, remoteIp: string | null): Promise<CaptchaVerdict> {
      if (!token || token.length > MAX_TOKEN_LENGTH) return "failed";
      const form = new URLSearchParams({ secret, response: token, idempotency_key: crypto.randomUUID() });
      if (remoteIp) form.set("remoteip", remoteIp);
      type Answer = { success?: unknown; "error-codes"?: unknown };
      const ask = async (): Promise<Answer | null> => {
        try {
          const response = await fetcher(url, { method: "POST", body: form, signal: AbortSignal.timeout(timeoutMs) });
          return response.status < 500 ? ((await response.json().catch(() => null)) as Answer | null) : null;
        } catch {
          return null;
        }
      };
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const answer = await ask();
        if (!answer) continue;
        if (answer.success === true) return "passed";
        const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
        if (codes.includes("internal-error")) continue;
        if (codes.some((code) => OUR_FAULT.has(code))) {
          console.error(`Turnstile refused our secret (${codes.join(", ")}): check TURNSTILE_SECRET_KEY`);
          return "unavailable";
        }
        return "failed";
      }
      return "unavailable";
    },
  };
}

/** The sign-in forms' captcha: Turnstile's invisible widget where a site key is configured, else none. */
export function captchaOf(env: Pick<Env, "TURNSTILE_SITE_KEY" | "TURNSTILE_API_URL">): Captcha | null {
  if (!env.TURNSTILE_SITE_KEY) return null;
  return {
    siteKey: env.TURNSTILE_SITE_KEY,
    scriptUrl: `${(env.TURNSTILE_API_URL || TURNSTILE_API).replace(/\/$/, "")}/turnstile/v0/api.js?render=explicit`,
  };
}

/** Turnstile when its secret is configured; no check otherwise (local runs). */
export async function verifyCaptcha(env: Env, token: string | undefined, clientAddress: string | null): Promise<void> {
  if (!env.TURNSTILE_SECRET_KEY) return;
  if (!token) throw new Refusal(400, "server.auth.captchaFailed");
  const verifier = turnstileVerifier({
    secret: env.TURNSTILE_SECRET_KEY,
    baseUrl: env.TURNSTILE_API_URL || undefined,
    fetcher: observedFetch(env.DB, "turnstile"),
  });
  const verdict = await verifier.verify(token, clientAddress);
  if (verdict === "failed") throw new Refusal(400, "server.auth.captchaFailed");
  if (verdict === "unavailable") throw new Refusal(503, "server.auth.unavailable");
}
