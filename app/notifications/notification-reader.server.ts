import type { NotificationKind } from "~/db/schema";
import { translateMessage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { decodeMessage } from "~/i18n/message";
import { LEGACY_NOTIFICATIONS } from "./legacy-notifications.data";
import type { NotificationMessage } from "./notification-messages";

/**
 * A stored notification's title or body in the reader's language. Rows store a message id with its
 * values (`encodeMessage`, notifications.server.ts), put into words here, when read, so a switch of
 * language applies to the bell's whole list at once and Web Push goes out in the recipient's own.
 * A row written before messages were stored by id (decision 0186) holds English: its kind's frozen table (legacy-notifications.data.ts)
 * says which message it is; a text it does not know is shown as stored.
 */
function notificationTextIn(language: Language, kind: NotificationKind, stored: string): string {
  const descriptor = decodeMessage(stored) ?? legacyNotificationMessage(kind, stored);
  return descriptor ? translateMessage(language, descriptor) : stored;
}

export const notificationIn = <T extends { kind: NotificationKind; title: string; body: string }>(
  language: Language,
  notification: T,
): T => ({
  ...notification,
  title: notificationTextIn(language, notification.kind, notification.title),
  body: notificationTextIn(language, notification.kind, notification.body),
});

/** The message an English text of a row written before messages were stored by id is, with its values; null when it is none of its kind's. */
export function legacyNotificationMessage(kind: NotificationKind, text: string): NotificationMessage | null {
  for (const [pattern, id] of LEGACY_NOTIFICATIONS[kind] ?? []) {
    const found = pattern.exec(text);
    if (found) return found.groups ? { id, values: { ...found.groups } } : { id };
  }
  return null;
}
