import type { CoopContacts } from "~/settings/coop-settings";

/**
 * How to reach the co-op (help centre's "Still Need Help?"): the co-op settings' contacts
 * (/admin/settings), each shown only when set (no placeholder numbers).
 */
export interface ContactLinks {
  hotline: { display: string; tel: string } | null;
  messenger: { url: string; label: string } | null;
  email: string | null;
}

export function contactLinks(contacts: CoopContacts | undefined): ContactLinks {
  const hotline = contacts?.hotline?.trim() || null;
  const messenger = contacts?.messenger?.trim() || null;
  return {
    hotline: hotline ? { display: hotline, tel: hotline.replace(/[^0-9+]/g, "") } : null,
    messenger: messenger ? { url: messenger, label: messenger.replace(/^https:\/\/(www\.)?/, "") } : null,
    email: contacts?.email?.trim() || null,
  };
}

/** Web Push's VAPID contact when VAPID_SUBJECT is not set (not shown to people). */
export const PUSH_CONTACT_FALLBACK = "mailto:support@hatid.ph";
