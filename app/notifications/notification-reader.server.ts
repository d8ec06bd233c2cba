import type { NotificationKind } from "~/db/schema";
import { translateMessage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { decodeMessage } from "~/i18n/message";
import { legacyNotificationMessage } from "./legacy-notifications";

/**
 * A stored notification's title or body in the reader's language. Rows store a message id with its
 * values (`encodeMessage`, notifications.server.ts), put into words here, when read, so a switch of
 * language applies to the bell's whole list at once and Web Push goes out in the recipient's own.
 * A row written before issue 28 holds English: its kind's frozen table (legacy-notifications.ts)
 * says which message it is; a text it does not know is shown as stored.
 */
export function notificationTextIn(language: Language, kind: NotificationKind, stored: string): string {
  const descriptor = decodeMessage(stored) ?? legacyNotificationMessage(kind, stored);
  return descriptor ? translateMessage(language, descriptor) : stored;
}

export const notificationIn = <T extends { kind: NotificationKind; title: string; body: string }>(language: Language, notification: T): T => ({
  ...notification,
  title: notificationTextIn(language, notification.kind, notification.title),
  body: notificationTextIn(language, notification.kind, notification.body),
});
