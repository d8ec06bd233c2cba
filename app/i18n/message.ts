import type { MessageId, Namespace } from "./catalogs";

/**
 * A message as the code says it: an id in the catalogs plus its values (Lingui's descriptor shape),
 * put into words only where a person reads it, in their language. A value that is itself a
 * descriptor (a status, a package type, a payment method) is translated too.
 */
export type AnyMessageId = { [N in Namespace]: MessageId<N> }[Namespace];
export type MessageValue = string | number | boolean | null | undefined | MessageDescriptor;
export type MessageValues = Record<string, MessageValue>;
export interface MessageDescriptor {
  id: AnyMessageId;
  values?: MessageValues;
}

export const message = (id: AnyMessageId, values?: MessageValues): MessageDescriptor =>
  values ? { id, values } : { id };

/** A word from a catalog, as a value of another message: `{ from: word("app.status.assigned") }`. */
export const word = (id: AnyMessageId): MessageDescriptor => ({ id });

const isMessageDescriptor = (value: unknown): value is MessageDescriptor =>
  typeof value === "object" && value !== null && typeof (value as MessageDescriptor).id === "string";

const SEPARATOR = "|";
const ID = /^[a-zA-Z]+\.[a-zA-Z0-9_.]+$/;

/**
 * A descriptor as one string, where only strings travel: a zod issue's message, a conform field
 * error, a stored notification. `"server.booking.addressTooShort|{"min":5}"`.
 */
export function encodeMessage(id: AnyMessageId, values?: MessageValues): string {
  return values ? id + SEPARATOR + JSON.stringify(values) : id;
}

/** The descriptor an encoded message holds; null for text that is not one (e.g. written before messages had ids). */
export function decodeMessage(text: string): MessageDescriptor | null {
  const cut = text.indexOf(SEPARATOR);
  const id = cut === -1 ? text : text.slice(0, cut);
  if (!ID.test(id)) return null;
  if (cut === -1) return { id: id as AnyMessageId };
  try {
    const values = JSON.parse(text.slice(cut + 1)) as unknown;
    if (typeof values !== "object" || values === null || Array.isArray(values)) return null;
    return { id: id as AnyMessageId, values: values as MessageValues };
  } catch {
    return null;
  }
}

/**
 * Puts a descriptor into words with `translate` (the server's Lingui or the page's compiled
 * catalog): word values first, then the message.
 */
export function resolveMessage(
  descriptor: MessageDescriptor,
  translate: (id: string, values?: Record<string, unknown>) => string,
): string {
  return translate(descriptor.id, resolveValues(descriptor.values, translate));
}

export function resolveValues(
  values: MessageValues | undefined,
  translate: (id: string, values?: Record<string, unknown>) => string,
): Record<string, unknown> | undefined {
  if (!values) return undefined;
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    resolved[name] = isMessageDescriptor(value) ? resolveMessage(value, translate) : value;
  return resolved;
}
