import { encodeMessage } from "~/i18n/message";

/**
 * Keyset paging of delivery lists (`?cursor=&limit=`): newest first by (createdAt, id), so a page
 * is an index range that costs the same however many rows come before it, and deliveries booked
 * while someone pages land before the first page instead of shifting items between pages (none
 * is answered twice or missed). The cursor is opaque to clients: base64url of the last item's
 * (createdAt, id).
 */
export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;
/** The refusals of a bad `?cursor=` or `?limit=`, as encoded messages (for a zod schema's message). */
export const CURSOR_INVALID = encodeMessage("server.http.cursorInvalid");

export interface PageCursor {
  createdAt: number;
  id: string;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return toBase64Url(JSON.stringify([row.createdAt.getTime(), row.id]));
}

export function decodeCursor(text: string): PageCursor | null {
  if (text.length === 0 || text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (
      !Number.isSafeInteger(createdAt) ||
      createdAt < 0 ||
      typeof id !== "string" ||
      id.length === 0 ||
      id.length > 64
    )
      return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
