import { getDb } from "~/db/client.server";
import { devOutbox } from "~/db/schema";
import { BRAND_NAME } from "~/components/brand";
import { translateMessage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { message, type MessageValues } from "~/i18n/message";
import type { MessageId } from "~/i18n/catalogs";
import { observedFetch } from "~/providers/provider-health.server";
import { ResendEmailSender } from "./resend.server";
import { SemaphoreSmsSender } from "./semaphore.server";

/**
 * How Hatid sends SMS and email: Semaphore and Resend when their keys are set (production, and
 * `npm run start:providers` against their contract fakes), else the D1 outbox in development and
 * tests (read at GET /api/dev/outbox). Nothing is ever sent from a local run.
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
export const messagingText = (id: MessagingText["id"], values: MessageValues = {}): MessagingText => ({
  id,
  values: { brand: BRAND_NAME, ...values },
});

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

export interface SendOptions {
  /** The same for every try of one message (the message log's retries), so a provider that takes one never sends it twice. */
  idempotencyKey?: string;
}

export interface MessageSender {
  send(message: WordedMessage, options?: SendOptions): Promise<void>;
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

const usesOutbox = (env: Env) => env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";

/** The test seam (development and tests only): every message fails as a gateway's refusal would. */
class FailingSender implements MessageSender {
  async send(): Promise<void> {
    throw new Error("MESSAGING_FAIL is set: the gateway refused the message");
  }
}

export function senderFor(env: Env, channel: "sms" | "email"): MessageSender {
  if (usesOutbox(env) && env.MESSAGING_FAIL === "1") return new FailingSender();
  if (channel === "sms" && env.SEMAPHORE_API_KEY) {
    return new SemaphoreSmsSender({
      apiKey: env.SEMAPHORE_API_KEY,
      senderName: env.SEMAPHORE_SENDER_NAME || undefined,
      baseUrl: env.SEMAPHORE_API_URL || undefined,
      fetcher: observedFetch(env.DB, "semaphore"),
    });
  }
  if (channel === "email" && env.EMAIL_API_KEY && env.EMAIL_FROM) {
    return new ResendEmailSender({
      apiKey: env.EMAIL_API_KEY,
      from: env.EMAIL_FROM,
      baseUrl: env.EMAIL_API_URL || undefined,
      fetcher: observedFetch(env.DB, "email"),
    });
  }
  if (usesOutbox(env)) return new OutboxSender(env);
  // For operators (recorded as the message's last_error and logged): nobody is told this sentence.
  throw new Error(
    channel === "sms"
      ? "No SMS gateway is configured (SEMAPHORE_API_KEY)"
      : "No email API is configured (EMAIL_API_KEY, EMAIL_FROM)",
  );
}
