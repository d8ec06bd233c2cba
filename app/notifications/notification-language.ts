import { CATALOGS } from "~/i18n/catalogs";
import type { Language } from "~/i18n/languages";
import { catalogTranslator } from "~/i18n/message-patterns";

type NotificationId = keyof typeof CATALOGS.notifications.en;

const toCatalog = catalogTranslator(Object.keys(CATALOGS.notifications.en) as NotificationId[]);

/**
 * A stored notification's title or body (written in English by app/notifications/messages.ts) in
 * the reader's language, through the `notifications` catalog; as stored when it has no entry (a
 * text written before the catalog knew it). The reader's language is decided when it is read, so a
 * switch of language applies to the bell's whole list at once.
 */
export function notificationTextIn(language: Language, text: string): string {
  return language === "en" ? text : toCatalog(text, CATALOGS.notifications[language]);
}

export const notificationIn = <T extends { title: string; body: string }>(language: Language, notification: T): T => ({
  ...notification,
  title: notificationTextIn(language, notification.title),
  body: notificationTextIn(language, notification.body),
});
