import { MAX_ID_PHOTO_BYTES } from "~/discounts/id-photo";

/**
 * Request bodies are refused over their limit WHILE they are read (PRODUCT.md, "What can be
 * booked" and issue 27): a declared Content-Length over the limit is answered 413 at once without
 * reading a byte; a body without one (chunked) is read only up to the limit, then the reading stops
 * and the answer is 413. Decision 0180.
 */
export const BODY_TOO_LARGE = "The request body is too large.";
export const BODY_UNREADABLE = "The request body could not be read.";

/** Any request body: JSON calls and page forms are a few kilobytes. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The ID photo upload: a 5 MB photo plus the multipart framing; a photo of 5-8 MB still gets its own message. */
export const ID_UPLOAD_BODY_LIMIT = MAX_ID_PHOTO_BYTES + 3 * 1024 * 1024;
/** The payment gateway's webhook: its events are a few kilobytes. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const LIMITS: Record<string, number> = {
  "/api/discounts/id": ID_UPLOAD_BODY_LIMIT,
  "/api/payments/webhook": WEBHOOK_BODY_LIMIT,
};

/** The most a body sent to `pathname` may weigh. */
export const bodyLimitFor = (pathname: string): number => LIMITS[pathname] ?? DEFAULT_BODY_LIMIT;

/** The 413 answer: JSON `{ message }` for `/api`, plain text for a page. */
export function bodyTooLarge(json = true, message = BODY_TOO_LARGE, status = 413): Response {
  return json ? Response.json({ message }, { status }) : new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(BODY_TOO_LARGE);
  }
  toResponse() {
    return bodyTooLarge();
  }
}

/** Whether the declared Content-Length is over `limit` (no header: unknown, read with the cap). */
export function declaresTooMuch(request: Request, limit: number): boolean {
  const declared = request.headers.get("Content-Length");
  if (declared === null || declared.trim() === "") return false;
  const length = Number(declared);
  return !Number.isFinite(length) || length > limit;
}

/**
 * The whole body as bytes, reading at most `limit` of them: throws BodyTooLargeError (before
 * reading, when Content-Length says so; otherwise as soon as one byte too many arrives, and the
 * rest is never read).
 */
export async function readBodyCapped(request: Request, limit: number): Promise<Uint8Array> {
  if (declaresTooMuch(request, limit)) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limit);
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text (UTF-8), read with the cap. */
export async function readTextCapped(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBodyCapped(request, limit));
}

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The Worker's gate (workers/app.ts): a request whose body is over its route's limit is answered
 * 413 here; any other is passed on with its body read (so every reader after it, Remix's
 * `formData()` included, reads bytes already counted).
 */
export async function capRequestBody(request: Request, pathname: string): Promise<Request | Response> {
  if (!WITH_BODY.has(request.method) || !request.body) return request;
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(request, bodyLimitFor(pathname));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return bodyTooLarge(pathname.startsWith("/api/"));
    // The client went away mid-body (or sent a broken stream): a refusal, never a 500.
    return bodyTooLarge(pathname.startsWith("/api/"), BODY_UNREADABLE, 400);
  }
  const headers = new Headers(request.headers);
  headers.delete("Transfer-Encoding");
  headers.delete("Content-Length");
  return new Request(request.url, { method: request.method, headers, body: bytes.byteLength > 0 ? (bytes as Uint8Array<ArrayBuffer>) : null, redirect: request.redirect, signal: request.signal });
}
