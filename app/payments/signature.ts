/**
 * The `Paymongo-Signature` header (PayMongo, "Securing a webhook"): `t=<unix seconds>,te=<hex>,li=<hex>`,
 * where each signature is HMAC-SHA256 with the webhook's secret over `{t}.{raw body}`; `te` is
 * checked in test mode and `li` in live mode. WebCrypto only, so it runs in the Worker as is.
 * The local sandbox gateway signs its events with the same scheme, so the production check is the
 * one that runs locally.
 */
export type GatewayMode = "test" | "live";

/** A webhook whose `t` is further than this from now (either way) is refused. */
const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export type SignatureVerdict = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

const encoder = new TextEncoder();

async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(hex: string): Uint8Array | null {
  if (hex.length !== 64 || !/^[0-9a-f]+$/i.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Compares two equal-length byte strings in time independent of where they differ. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const subtle = crypto.subtle as SubtleCrypto & {
    timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean;
  };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(a, b);
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function parseSignatureHeader(header: string): { t: string; te: string | null; li: string | null } | null {
  const parts = new Map<string, string>();
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const t = parts.get("t");
  if (!t || !/^\d{1,12}$/.test(t)) return null;
  return { t, te: parts.get("te") || null, li: parts.get("li") || null };
}

/** Checks a webhook's header against its raw body. */
export async function verifyPaymongoSignature(
  header: string | null,
  rawBody: string,
  { secret, mode, now = Date.now() }: { secret: string; mode: GatewayMode; now?: number },
): Promise<SignatureVerdict> {
  if (!header) return { ok: false, reason: "missing" };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: "malformed" };
  if (Math.abs(now - Number(parsed.t) * 1000) > SIGNATURE_TOLERANCE_MS) return { ok: false, reason: "stale" };
  const given = fromHex((mode === "live" ? parsed.li : parsed.te) ?? "");
  if (!given) return { ok: false, reason: "mismatch" };
  const expected = await hmacSha256(secret, `${parsed.t}.${rawBody}`);
  return constantTimeEqual(expected, given) ? { ok: true } : { ok: false, reason: "mismatch" };
}

/** The header PayMongo would send for this body (used by the sandbox gateway). */
export async function signPaymongoPayload(
  rawBody: string,
  { secret, mode, now = Date.now() }: { secret: string; mode: GatewayMode; now?: number },
) {
  const t = String(Math.floor(now / 1000));
  const signature = toHex(await hmacSha256(secret, `${t}.${rawBody}`));
  return mode === "live" ? `t=${t},te=,li=${signature}` : `t=${t},te=${signature},li=`;
}
