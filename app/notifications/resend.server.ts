import { BRAND_NAME } from "~/components/brand";
import type { MessageSender, SendOptions, WordedMessage } from "./messaging.server";
import { duration } from "./semaphore.server";

/**
 * Resend's email API, as its documentation describes it: `POST /emails` with a JSON body (`from`,
 * `to`, `subject`, `text`), `Authorization: Bearer`, a `User-Agent` (a request without one is
 * refused 403) and an `Idempotency-Key`: the same key with the same email within 24 hours answers
 * the first answer and sends nothing, so a retry after a lost answer never sends twice (the key
 * comes from the message log, decision 0206). Errors are `{ statusCode, name, message }`.
 * Contract: test/contracts/fakes/email.mjs.
 */
const RESEND_API = "https://api.resend.com";
const TIMEOUT_MS = 8_000;
const USER_AGENT = `${BRAND_NAME}/1 (Cloudflare Worker)`;

export class ResendEmailSender implements MessageSender {
  private readonly url: string;
  constructor(
    private readonly options: {
      apiKey: string;
      from: string;
      baseUrl?: string;
      fetcher?: typeof fetch;
      timeoutMs?: number;
    },
  ) {
    // EMAIL_API_URL once named the endpoint itself (…/emails); both forms name the same API.
    this.url = `${(options.baseUrl || RESEND_API).replace(/\/$/, "").replace(/\/emails$/, "")}/emails`;
  }

  async send(message: WordedMessage, { idempotencyKey }: SendOptions = {}): Promise<void> {
    const { apiKey, from, fetcher = fetch, timeoutMs = TIMEOUT_MS } = this.options;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${apiKey}`,
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
    };
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    let response: Response;
    try {
      response = await fetcher(this.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ from, to: [message.to], subject: message.subject ?? BRAND_NAME, text: message.body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : "error";
      throw new Error(
        name === "TimeoutError" ? `Resend did not answer within ${duration(timeoutMs)}` : `Resend unreachable: ${name}`,
      );
    }
    const text = await response.text().catch(() => "");
    type Answer = { id?: unknown; name?: unknown; message?: unknown } | null;
    let answer: Answer;
    try {
      answer = JSON.parse(text) as Answer;
    } catch {
      answer = null;
    }
    if (response.ok) {
      if (typeof answer?.id === "string" && answer.id) return;
      throw new Error(`Resend answered HTTP ${response.status} without an email id`);
    }
    const said =
      answer && typeof answer.name === "string"
        ? `${answer.name}: ${String(answer.message ?? "")}`
        : text.replace(/\s+/g, " ").trim() || "(no body)";
    const why = (() => {
      if (answer?.name === "daily_quota_exceeded" || answer?.name === "monthly_quota_exceeded")
        return "the Resend plan's sending quota is used up";
      if (response.status === 429) return `try again in ${response.headers.get("retry-after") ?? "a few"} s`;
      if (response.status === 401 || answer?.name === "invalid_api_key") return "check EMAIL_API_KEY";
      if (answer?.name === "invalid_from_address" || (response.status === 403 && answer?.name === "validation_error"))
        return "check EMAIL_FROM and its domain in Resend";
      return null;
    })();
    const reason = `Resend refused the email (HTTP ${response.status} ${said.slice(0, 200)})${why ? `: ${why}` : ""}`;
    // What the log records (last_error) is for operators; a sign-in link never appears in it.
    throw new Error(message.link ? reason.split(message.link).join("(link)") : reason);
  }
}
