import { getDb } from "~/db/client.server";
import { devOutbox } from "~/db/schema";
import { BRAND_NAME } from "~/components/brand";
import { translateMessage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { message, type MessageValues } from "~/i18n/message";
import type { MessageId } from "~/i18n/catalogs";

/**
 * How Hatid sends SMS and email: a real gateway in production (configured by secrets), the D1
 * outbox in development and tests (read at GET /api/dev/outbox). Nothing is ever sent from a
 * local run.
 *
 * Callers say what to send as message ids with values (`server.messaging.…`) and whose language it
 * is; the words are chosen when it is sent (`inWords`), in the recipient's language.
 */
export interface OutgoingMessage {
  channel: "sms" | "email";
  to: string;
  /** The recipient's language (their account's setting, else the language they asked in). */
  language: Language;
  subject?: MessagingText;
  text: MessagingText;
  /** The code or link inside the text, kept separately in the dev outbox for convenience. */
  code?: string;
  link?: string;
}

/** A text of the `server.messaging` catalog with its values. */
export interface MessagingText {
  id: MessageId<"server"> & `server.messaging.${string}`;
  values?: MessageValues;
}

/** A text message or email by id, the brand's name among its values (`{brand}`). */
export const messagingText = (id: MessagingText["id"], values: MessageValues = {}): MessagingText => ({ id, values: { brand: BRAND_NAME, ...values } });

/** A message in words, as a gateway takes it. */
export interface WordedMessage {
  channel: "sms" | "email";
  to: string;
  subject?: string;
  body: string;
  code?: string;
  link?: string;
}

/** Puts a message into its recipient's language. */
export function inWords({ language, subject, text, ...rest }: OutgoingMessage): WordedMessage {
  const say = (what: MessagingText) => translateMessage(language, message(what.id, what.values));
  return { ...rest, ...(subject ? { subject: say(subject) } : {}), body: say(text) };
}

export interface MessageSender {
  send(message: WordedMessage): Promise<void>;
}

class OutboxSender implements MessageSender {
  constructor(private readonly env: Env) {}
  async send(message: WordedMessage) {
    await getDb(this.env.DB)
      .insert(devOutbox)
      .values({
        id: crypto.randomUUID(),
        channel: message.channel,
        recipient: message.to,
        body: message.body,
        code: message.code ?? null,
        link: message.link ?? null,
        sentAt: new Date(),
      });
  }
}

/** Semaphore (semaphore.co), the Philippine SMS gateway: SEMAPHORE_API_KEY, optional SEMAPHORE_SENDER_NAME. */
class SemaphoreSmsSender implements MessageSender {
  constructor(
    private readonly apiKey: string,
    private readonly senderName: string | undefined,
  ) {}
  async send(message: WordedMessage) {
    const form = new URLSearchParams({ apikey: this.apiKey, number: message.to.replace(/^\+/, ""), message: message.body });
    if (this.senderName) form.set("sendername", this.senderName);
    // Sign-in codes go through Semaphore's priority OTP route; every other text (applications,
    // recipient links) through its ordinary messages route.
    const route = message.code ? "otp" : "messages";
    const response = await fetch(`https://api.semaphore.co/api/v4/${route}`, { method: "POST", body: form });
    if (!response.ok) throw new Error(`Semaphore answered ${response.status}`);
  }
}

/** An email API with a Resend-compatible JSON call: EMAIL_API_KEY, EMAIL_FROM, optional EMAIL_API_URL. */
class HttpEmailSender implements MessageSender {
  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly url: string,
  ) {}
  async send(message: WordedMessage) {
    const response = await fetch(this.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: this.from, to: [message.to], subject: message.subject ?? BRAND_NAME, text: message.body }),
    });
    if (!response.ok) throw new Error(`Email API answered ${response.status}`);
  }
}

const usesOutbox = (env: Env) => env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";

/** The test seam (development and tests only): every message fails as a gateway's refusal would. */
class FailingSender implements MessageSender {
  async send(): Promise<void> {
    throw new Error("MESSAGING_FAIL is set: the gateway refused the message");
  }
}

export function senderFor(env: Env, channel: "sms" | "email"): MessageSender {
  if (usesOutbox(env) && env.MESSAGING_FAIL === "1") return new FailingSender();
  if (channel === "sms" && env.SEMAPHORE_API_KEY) return new SemaphoreSmsSender(env.SEMAPHORE_API_KEY, env.SEMAPHORE_SENDER_NAME);
  if (channel === "email" && env.EMAIL_API_KEY && env.EMAIL_FROM) {
    return new HttpEmailSender(env.EMAIL_API_KEY, env.EMAIL_FROM, env.EMAIL_API_URL ?? "https://api.resend.com/emails");
  }
  if (usesOutbox(env)) return new OutboxSender(env);
  // For operators (recorded as the message's last_error and logged): nobody is told this sentence.
  throw new Error(channel === "sms" ? "No SMS gateway is configured (SEMAPHORE_API_KEY)" : "No email API is configured (EMAIL_API_KEY, EMAIL_FROM)");
}
