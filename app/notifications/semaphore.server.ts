import type { MessageSender, WordedMessage } from "./messaging.server";

/**
 * Semaphore (semaphore.co), the Philippine SMS gateway, as its API documentation describes it:
 * a form POST of `apikey`, `number`, `message` and, when configured, `sendername` (at most 11
 * letters and digits, approved in Semaphore's dashboard); the answer is a JSON array with one
 * record per text (`message_id`, `recipient`, `status`, …). Semaphore splits a text over 160 ASCII
 * characters itself, silently drops one that starts with the word "TEST", sends only to Philippine
 * numbers, and has no idempotency key: a text whose answer was lost may have been sent.
 * Contract: test/contracts/fakes/semaphore.mjs.
 *
 * A sign-in code goes through the priority route (`/api/v4/priority`, its own queue, not held
 * behind bulk traffic) with our own words, never through `/api/v4/otp`: that route makes a code
 * of its own and, without an `{otp}` placeholder, appends "Your One Time Password is NNNNNN", so
 * the person would read two codes and type the one we do not check. The code we text is the one
 * we stored (hashed) and check; nothing else in the text is a 6-digit number. Decision 0206.
 */
const SEMAPHORE_API = "https://api.semaphore.co";
const TIMEOUT_MS = 8_000;
const SENDER_NAME = /^[A-Za-z0-9]{1,11}$/;

/** Semaphore's number format for a Philippine mobile stored as +639XXXXXXXXX: 639XXXXXXXXX. */
function semaphoreNumber(e164: string): string | null {
  return /^\+639\d{9}$/.test(e164) ? e164.slice(1) : null;
}

interface SemaphoreRecord {
  message_id?: unknown;
  recipient?: unknown;
  status?: unknown;
}

export class SemaphoreSmsSender implements MessageSender {
  private readonly url: (route: string) => string;
  constructor(
    private readonly options: {
      apiKey: string;
      senderName?: string;
      baseUrl?: string;
      fetcher?: typeof fetch;
      timeoutMs?: number;
    },
  ) {
    const base = (options.baseUrl || SEMAPHORE_API).replace(/\/$/, "");
    this.url = (route) => `${base}/api/v4/${route}`;
  }

  async send(message: WordedMessage): Promise<void> {
    const { apiKey, senderName, fetcher = fetch, timeoutMs = TIMEOUT_MS } = this.options;
    // What the log records (last_error) is for operators; a sign-in code never appears in it.
    const fail: (reason: string) => never = (reason) => {
      throw new Error(message.code ? reason.split(message.code).join("******") : reason);
    };
    const number = semaphoreNumber(message.to);
    if (!number) fail("Semaphore sends only to Philippine mobile numbers (+639XXXXXXXXX); not sent");
    if (/^\s*test\b/i.test(message.body))
      fail('Semaphore silently drops a text that starts with the word "TEST"; not sent');
    if (senderName && (!SENDER_NAME.test(senderName) || /^\d+$/.test(senderName))) {
      fail(
        "SEMAPHORE_SENDER_NAME must be at most 11 letters and digits, not all digits, as approved in Semaphore; not sent",
      );
    }
    const form = new URLSearchParams({ apikey: apiKey, number, message: message.body });
    if (senderName) form.set("sendername", senderName);

    let response: Response;
    try {
      response = await fetcher(this.url(message.code ? "priority" : "messages"), {
        method: "POST",
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : "error";
      return fail(
        name === "TimeoutError"
          ? `Semaphore did not answer within ${duration(timeoutMs)} (the text may have been sent)`
          : `Semaphore unreachable: ${name}`,
      );
    }
    const text = await response.text().catch(() => "");
    if (response.status === 429)
      fail(`Semaphore's rate limit (HTTP 429): try again in ${response.headers.get("Retry-After") ?? "a few"} s`);
    if (response.status === 401 || response.status === 403)
      fail(`Semaphore refused the API key (HTTP ${response.status}): check SEMAPHORE_API_KEY`);
    if (!response.ok) fail(`Semaphore refused the text (HTTP ${response.status}): ${summary(text)}`);
    let records: unknown;
    try {
      records = JSON.parse(text);
    } catch {
      records = null;
    }
    const record = Array.isArray(records)
      ? (records as SemaphoreRecord[]).find((r) => r && typeof r === "object" && r.message_id !== undefined)
      : undefined;
    if (!record) return fail(`Semaphore answered HTTP ${response.status} without a message record: ${summary(text)}`);
    if (record.status === "Failed" || record.status === "Refunded")
      fail(`Semaphore marked the text ${String(record.status)} (message ${String(record.message_id)})`);
  }
}

export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** A provider's answer as an operator reads it: its words, without markup, at most 200 characters. */
function summary(text: string): string {
  let said = text;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      said = Object.entries(parsed as Record<string, unknown>)
        .map(([field, value]) =>
          field === "message" ? String(value) : `${field}: ${Array.isArray(value) ? value.join(" ") : String(value)}`,
        )
        .join("; ");
    }
  } catch {
    // not JSON: its text as is
  }
  return said.replace(/\s+/g, " ").trim().slice(0, 200) || "(no body)";
}
