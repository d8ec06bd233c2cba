import { and, eq, lt, or, type SQL } from "drizzle-orm";
import { deliveries } from "~/db/schema";
import { decodeCursor, encodeCursor, PAGE_DEFAULT, PAGE_MAX, type PageCursor } from "./cursor";
import { Refusal } from "./refusal";

/** Server side of keyset paging (see ./cursor.ts for the cursor itself). */

export interface PageQuery {
  cursor: PageCursor | null;
  limit: number;
}

/** `?cursor=` and `?limit=` of a list request; a bad one throws a 400 Refusal naming it. */
export function readPageQuery(url: URL, defaultLimit = PAGE_DEFAULT): PageQuery {
  const rawCursor = url.searchParams.get("cursor");
  const rawLimit = url.searchParams.get("limit");
  let cursor: PageCursor | null = null;
  if (rawCursor !== null) {
    cursor = decodeCursor(rawCursor);
    if (!cursor) throw pageRefusal("server.http.cursorInvalid", undefined, "cursor");
  }
  let limit = defaultLimit;
  if (rawLimit !== null) {
    limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= PAGE_MAX)) throw pageRefusal("server.http.limitInvalid", { max: PAGE_MAX }, "limit");
  }
  return { cursor, limit };
}

/** A 400 about one query parameter, with that field's error too (as a body's field errors come). */
function pageRefusal(
  id: "server.http.cursorInvalid" | "server.http.limitInvalid",
  values: { max: number } | undefined,
  field: string,
) {
  return new Refusal(400, id, values, field, { [field]: [{ id, values }] });
}

/** The rows after the cursor, in (createdAt desc, id desc) order. */
export function afterCursor(cursor: PageCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = new Date(cursor.createdAt);
  return or(lt(deliveries.createdAt, at), and(eq(deliveries.createdAt, at), lt(deliveries.id, cursor.id)));
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Cuts rows fetched with `limit + 1` into a page and the cursor of the next one. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => { createdAt: Date; id: string }): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * Headers of a list answered as a plain array (the shape clients already read, kept): the next page's cursor in
 * `X-Next-Cursor` and as a `Link: <…>; rel="next"`.
 */
export function pageHeaders(url: URL, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {};
  const next = new URL(url);
  next.searchParams.set("cursor", nextCursor);
  return { "X-Next-Cursor": nextCursor, Link: `<${next.pathname}${next.search}>; rel="next"` };
}
