import {
  CLAIM_PHOTOS_MAX,
  MAX_CLAIM_PHOTO_BYTES,
  MAX_ID_PHOTO_BYTES,
  MAX_RETURN_PHOTO_BYTES,
} from "~/forms/photo-limits";
import { Refusal } from "./refusal";

/**
 * Request bodies are refused over their limit WHILE they are read (docs/guide/people-and-access.md#api-check-order:
 * a malformed or oversized request never answers 500): a declared Content-Length over the limit is answered 413 at once without
 * reading a byte; a body without one (chunked) is read only up to the limit, then the reading stops
 * and the answer is 413. Decision 0180.
 */
/** Any request body: JSON calls and page forms are a few kilobytes. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The ID photo upload: a 5 MB photo plus the multipart framing; a photo of 5-8 MB still gets its own message. */
const ID_UPLOAD_BODY_LIMIT = MAX_ID_PHOTO_BYTES + 3 * 1024 * 1024;
/** A claim on the member benefits fund: up to 3 photos of 5 MB each plus the multipart framing and its fields. */
const CLAIM_UPLOAD_BODY_LIMIT = CLAIM_PHOTOS_MAX * MAX_CLAIM_PHOTO_BYTES + 1024 * 1024;
/** The payment gateway's webhook: its events are a few kilobytes. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const LIMITS: Record<string, number> = {
  "/api/discounts/id": ID_UPLOAD_BODY_LIMIT,
  // The settings page's ID upload form posts to its own action (the page, or its data request).
  "/settings": ID_UPLOAD_BODY_LIMIT,
  "/settings.data": ID_UPLOAD_BODY_LIMIT,
  "/api/payments/webhook": WEBHOOK_BODY_LIMIT,
  "/api/coop/claims": CLAIM_UPLOAD_BODY_LIMIT,
  // /coop/claims' form posts its photos to its own action (the page without JavaScript, its data request with it).
  "/coop/claims": CLAIM_UPLOAD_BODY_LIMIT,
  "/coop/claims.data": CLAIM_UPLOAD_BODY_LIMIT,
};

/** A claim over its limit is told what a claim may carry, not a size in megabytes it never chose. */
const CLAIM_PATHS = new Set(["/api/coop/claims", "/coop/claims", "/coop/claims.data"]);

/** "Could not deliver" with its photo: the API route and the job screen's own action (the page, or its data request). */
const RETURN_UPLOAD_BODY_LIMIT = MAX_RETURN_PHOTO_BYTES + 3 * 1024 * 1024;
const RETURN_UPLOAD_PATH = /^\/(api\/deliveries\/[^/]+\/could-not-deliver|rider\/jobs\/[^/]+(\.data)?)$/;

/** The most a body sent to `pathname` may weigh. */
export const bodyLimitFor = (pathname: string): number =>
  LIMITS[pathname] ?? (RETURN_UPLOAD_PATH.test(pathname) ? RETURN_UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT);

/** The 413 refusal: what was sent is over `limit` bytes, said in megabytes (e.g. 1, 8, 0.25). */
export const bodyTooLargeRefusal = (limit: number) =>
  new Refusal(413, "server.http.bodyTooLarge", { megabytes: Math.round((limit / (1024 * 1024)) * 100) / 100 });

/** The 413 refusal of a body sent to `pathname`: a claim's in its own words, any other's with its limit. */
export const bodyTooLargeRefusalFor = (pathname: string, limit: number) =>
  CLAIM_PATHS.has(pathname)
    ? new Refusal(413, "server.claims.uploadTooLarge", {
        max: CLAIM_PHOTOS_MAX,
        megabytes: MAX_CLAIM_PHOTO_BYTES / (1024 * 1024),
      })
    : bodyTooLargeRefusal(limit);
/** The 400 of a body that could not be read (the client went away mid-body). */
export const bodyUnreadableRefusal = () => new Refusal(400, "server.http.bodyUnreadable");

/** Thrown while a body is read over its limit; answered as `bodyTooLargeRefusal`. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
  get refusal(): Refusal {
    return bodyTooLargeRefusal(this.limit);
  }
}

/** Whether the declared Content-Length is over `limit` (no header: unknown, read with the cap). */
function declaresTooMuch(request: Request, limit: number): boolean {
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
 * The Worker's gate (workers/app.ts): a request whose body is over its route's limit is refused
 * here (413, or 400 for a body that could not be read; the Worker answers the Refusal in the
 * caller's language); any other is passed on with its body read (so every reader after it,
 * Remix's `formData()` included, reads bytes already counted).
 */
export async function capRequestBody(request: Request, pathname: string): Promise<Request | Refusal> {
  if (!WITH_BODY.has(request.method) || !request.body) return request;
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(request, bodyLimitFor(pathname));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return bodyTooLargeRefusalFor(pathname, error.limit);
    // The client went away mid-body (or sent a broken stream): a refusal, never a 500.
    return bodyUnreadableRefusal();
  }
  const headers = new Headers(request.headers);
  headers.delete("Transfer-Encoding");
  headers.delete("Content-Length");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: bytes.byteLength > 0 ? (bytes as Uint8Array<ArrayBuffer>) : null,
    redirect: request.redirect,
    signal: request.signal,
  });
}
