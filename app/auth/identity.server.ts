import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { messagingText } from "~/notifications/messaging.server";
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Db } from "~/db/client.server";
import { verifications, type Verification } from "~/db/schema";
import { hmacSha256Hex, randomDigits, randomToken, sha256Hex, timingSafeEqualHex } from "./crypto.server";
import { Refusal } from "~/http/refusal";

/**
 * Our own identity service (docs/guide/people-and-access.md#sign-in-by-phone): SMS codes and email links, each stored only as
 * a hash, throttled, single use; a confirmed one yields a short-lived identity token (a JWT we
 * sign) that `/api/auth/{phone,email}` exchanges for a session, once.
 */
export const SMS_CODE_TTL_MS = 5 * 60_000;
const SMS_MAX_ATTEMPTS = 5;
export const EMAIL_LINK_TTL_MS = 15 * 60_000;
export const ID_TOKEN_TTL_SECONDS = 10 * 60;
export const THROTTLE = {
  perTargetMinimumGapMs: 60_000,
  perTargetPerHour: 5,
  perClientPerHour: 60,
} as const;

const ISSUER = "hatid-identity";
const AUDIENCE = "hatid";
const HOUR_MS = 60 * 60_000;

/**
 * When a new code or link for `target` (asked from `clientAddress`) would pass every throttle: a
 * minute after the last one, and once the hour's oldest that count against a limit have aged out.
 */
async function nextSendAt(d1: D1Database, target: string, clientAddress: string | null, now: number): Promise<number> {
  const hourAgo = now - HOUR_MS;
  const newestFirst = async (column: "target" | "client_address", value: string, limit: number) =>
    (
      await d1
        .prepare(
          `SELECT created_at FROM verifications WHERE ${column} = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?`,
        )
        .bind(value, hourAgo, limit)
        .all<{ created_at: number }>()
    ).results.map((row) => row.created_at);
  const forTarget = await newestFirst("target", target, THROTTLE.perTargetPerHour);
  let at = now;
  if (forTarget[0] !== undefined) at = Math.max(at, forTarget[0] + THROTTLE.perTargetMinimumGapMs);
  if (forTarget.length >= THROTTLE.perTargetPerHour)
    at = Math.max(at, forTarget[THROTTLE.perTargetPerHour - 1]! + HOUR_MS);
  if (clientAddress) {
    const forClient = await newestFirst("client_address", clientAddress, THROTTLE.perClientPerHour);
    if (forClient.length >= THROTTLE.perClientPerHour)
      at = Math.max(at, forClient[THROTTLE.perClientPerHour - 1]! + HOUR_MS);
  }
  return at;
}

/** The wait before a new code or link, in whole minutes (at least 1), as the throttle refusals say it. */
const minutesUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 60_000));

/**
 * Records a new verification unless a throttle forbids it, in one statement so two concurrent
 * sends cannot both slip under a limit. Throws a 429 Refusal saying the wait when throttled.
 */
async function insertThrottled(
  d1: D1Database,
  row: {
    id: string;
    channel: "sms" | "email";
    target: string;
    secretHash: string;
    clientAddress: string | null;
    now: number;
    ttlMs: number;
  },
) {
  const hourAgo = row.now - HOUR_MS;
  const result = await d1
    .prepare(
      `INSERT INTO verifications (id, channel, target, secret_hash, attempts, client_address, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, 0, ?5, ?6, ?7
       WHERE (SELECT count(*) FROM verifications WHERE target = ?3 AND created_at > ?8) = 0
         AND (SELECT count(*) FROM verifications WHERE target = ?3 AND created_at > ?9) < ?10
         AND (?5 IS NULL OR (SELECT count(*) FROM verifications WHERE client_address = ?5 AND created_at > ?9) < ?11)`,
    )
    .bind(
      row.id,
      row.channel,
      row.target,
      row.secretHash,
      row.clientAddress,
      row.now,
      row.now + row.ttlMs,
      row.now - THROTTLE.perTargetMinimumGapMs,
      hourAgo,
      THROTTLE.perTargetPerHour,
      THROTTLE.perClientPerHour,
    )
    .run();
  if (result.meta.changes === 1) return;

  // What is true, with the wait: a code or link sent within the minute (no attempt was made: not
  // the "Too many attempts" toast, which is for a code's wrong tries), else the hour's quota (per
  // number or address) used up.
  const at = await nextSendAt(d1, row.target, row.clientAddress, row.now);
  const recent = await d1
    .prepare("SELECT count(*) AS n FROM verifications WHERE target = ? AND created_at > ?")
    .bind(row.target, row.now - THROTTLE.perTargetMinimumGapMs)
    .first<{ n: number }>();
  const sms = row.channel === "sms";
  if ((recent?.n ?? 0) > 0 && at - row.now <= THROTTLE.perTargetMinimumGapMs) {
    throw new Refusal(429, sms ? "server.auth.codeJustSent" : "server.auth.linkJustSent", {
      seconds: Math.max(1, Math.ceil((at - row.now) / 1000)),
    });
  }
  throw new Refusal(429, sms ? "server.auth.smsQuotaExceeded" : "server.auth.emailQuotaExceeded", {
    minutes: minutesUntil(at, row.now),
  });
}

export async function startSmsVerification(
  d1: D1Database,
  input: { phoneNumber: string; clientAddress: string | null; secret: string; now?: number },
): Promise<{ verificationId: string; code: string }> {
  const now = input.now ?? Date.now();
  const code = randomDigits(6);
  const verificationId = crypto.randomUUID();
  await insertThrottled(d1, {
    id: verificationId,
    channel: "sms",
    target: input.phoneNumber,
    // Keyed by the server secret: a leaked table does not give away a 6-digit code.
    secretHash: await hmacSha256Hex(input.secret, `${verificationId}:${code}`),
    clientAddress: input.clientAddress,
    now,
    ttlMs: SMS_CODE_TTL_MS,
  });
  return { verificationId, code };
}

export const smsBody = (code: string) => messagingText("server.messaging.signInCodeSms", { code });

/** Checks an SMS code: 5 minutes, 5 wrong tries, single use. Returns the confirmed verification. */
export async function confirmSmsCode(
  db: Db,
  input: { verificationId: string; code: string; secret: string; now?: number },
): Promise<Verification> {
  const now = input.now ?? Date.now();
  const [verification] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, input.verificationId), eq(verifications.channel, "sms")))
    .limit(1);
  if (!verification || verification.verifiedAt) throw new Refusal(400, "server.auth.invalidCode");
  if (verification.attempts >= SMS_MAX_ATTEMPTS) throw await attemptsUsedUp(db, verification, now);
  if (verification.expiresAt.getTime() <= now) throw new Refusal(400, "server.auth.codeExpired");

  const matches = timingSafeEqualHex(
    await hmacSha256Hex(input.secret, `${verification.id}:${input.code}`),
    verification.secretHash,
  );
  if (!matches) {
    // Counted atomically, so parallel guesses cannot exceed the limit.
    const counted = await db.$client
      .prepare("UPDATE verifications SET attempts = attempts + 1 WHERE id = ? AND attempts < ? AND verified_at IS NULL")
      .bind(verification.id, SMS_MAX_ATTEMPTS)
      .run();
    if (counted.meta.changes === 0) throw await attemptsUsedUp(db, verification, now);
    throw new Refusal(400, "server.auth.invalidCode");
  }
  const confirmed = await db.$client
    .prepare("UPDATE verifications SET verified_at = ? WHERE id = ? AND verified_at IS NULL AND attempts < ?")
    .bind(now, verification.id, SMS_MAX_ATTEMPTS)
    .run();
  if (confirmed.meta.changes === 0) throw new Refusal(400, "server.auth.invalidCode");
  return { ...verification, verifiedAt: new Date(now) };
}

/** The number a code was sent to while that code can still be typed (unused, unexpired, tries left); else null. */
export async function numberAwaitingCode(db: Db, verificationId: string, now = Date.now()): Promise<string | null> {
  const [verification] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, verificationId), eq(verifications.channel, "sms")))
    .limit(1);
  if (
    !verification ||
    verification.verifiedAt ||
    verification.attempts >= SMS_MAX_ATTEMPTS ||
    verification.expiresAt.getTime() <= now
  )
    return null;
  return verification.target;
}

/** A code's five tries are used up: 429, saying when a new code can be asked for. */
async function attemptsUsedUp(db: Db, verification: Verification, now: number): Promise<Refusal> {
  const at = await nextSendAt(db.$client, verification.target, verification.clientAddress, now);
  return new Refusal(429, "server.auth.tooManyAttempts", { minutes: minutesUntil(at, now) });
}

export async function startEmailVerification(
  d1: D1Database,
  input: { email: string; clientAddress: string | null; now?: number },
): Promise<{ token: string }> {
  const now = input.now ?? Date.now();
  const token = randomToken(32);
  await insertThrottled(d1, {
    id: crypto.randomUUID(),
    channel: "email",
    target: input.email,
    secretHash: await sha256Hex(token),
    clientAddress: input.clientAddress,
    now,
    ttlMs: EMAIL_LINK_TTL_MS,
  });
  return { token };
}

/** The emailed link: the email-verify page with the token and, when it is not home, the page to go on to. */
export const emailLink = (origin: string, token: string, redirectTo = "/") =>
  `${origin}/auth/email-verify?token=${encodeURIComponent(token)}${redirectTo === "/" ? "" : `&redirectTo=${encodeURIComponent(redirectTo)}`}`;

export const emailBody = (link: string) => messagingText("server.messaging.signInEmailBody", { link });
export const emailSubject = () => messagingText("server.messaging.signInEmailSubject");

/** Checks an email link: it must exist for this email, be unused and at most 15 minutes old. */
export async function confirmEmailLink(
  db: Db,
  input: { token: string; email: string; now?: number },
): Promise<Verification> {
  const now = input.now ?? Date.now();
  const [verification] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.secretHash, await sha256Hex(input.token)), eq(verifications.channel, "email")))
    .limit(1);
  if (!verification || verification.target !== input.email || verification.verifiedAt) {
    throw new Refusal(400, "server.auth.invalidEmailLink");
  }
  if (verification.expiresAt.getTime() <= now) throw new Refusal(400, "server.auth.invalidEmailLink");
  const confirmed = await db
    .update(verifications)
    .set({ verifiedAt: new Date(now) })
    .where(and(eq(verifications.id, verification.id), isNull(verifications.verifiedAt)))
    .returning({ id: verifications.id });
  if (confirmed.length === 0) throw new Refusal(400, "server.auth.invalidEmailLink");
  return verification;
}

/** Identity tokens are signed with a key derived from SESSION_SECRET, kept apart from other uses. */
async function identityKey(env: Env): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`identity-token:${env.SESSION_SECRET}`),
  );
  return new Uint8Array(digest);
}

export interface IdentityClaims {
  /** The verification this token came from: one token, one session. */
  verificationId: string;
  channel: "sms" | "email";
  /** +639… for sms, the email address for email. */
  subject: string;
}

export async function issueIdentityToken(env: Env, verification: Verification, now = Date.now()): Promise<string> {
  if (!env.SESSION_SECRET) throw new Refusal(503, "server.auth.unavailable");
  return new SignJWT({ channel: verification.channel })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(verification.target)
    .setJti(verification.id)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ID_TOKEN_TTL_SECONDS)
    .sign(await identityKey(env));
}

/**
 * Verifies an identity token: our own (HS256, issuer, audience, 10 minutes) or, where
 * IDENTITY_JWKS_URL is configured, a third-party provider's against its published keys.
 */
export async function verifyIdentityToken(env: Env, token: string, now = Date.now()): Promise<IdentityClaims> {
  try {
    let payload: JWTPayload;
    if (env.IDENTITY_JWKS_URL) {
      ({ payload } = await jwtVerify(token, createRemoteJWKSet(new URL(env.IDENTITY_JWKS_URL)), {
        issuer: env.IDENTITY_ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(now),
      }));
    } else {
      ({ payload } = await jwtVerify(token, await identityKey(env), {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
        currentDate: new Date(now),
      }));
    }
    const channel = payload.channel;
    if ((channel !== "sms" && channel !== "email") || !payload.sub || !payload.jti) throw new Error("incomplete token");
    return { verificationId: payload.jti, channel, subject: payload.sub };
  } catch {
    throw new Refusal(401, "server.auth.signInExpired");
  }
}

/**
 * The conditions under which a token may stand for its verification: the verification exists, was
 * confirmed, on the token's channel, and its number or email is the token's subject. (A signature
 * alone does not prove that: a third-party provider's token, or a bug, could pair one person's
 * verification id with another's number.)
 */
const tokenMatches = (claims: IdentityClaims) =>
  and(
    eq(verifications.id, claims.verificationId),
    eq(verifications.channel, claims.channel),
    eq(verifications.target, claims.subject),
    isNotNull(verifications.verifiedAt),
  );

/** Whether the token's verification is confirmed, unused and about the token's subject. */
export async function isRedeemable(db: Db, claims: IdentityClaims): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(tokenMatches(claims), isNull(verifications.redeemedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the token's verification as used for a session; false if it already was (replay) or if it
 * is not the token's subject's confirmed verification.
 */
export async function redeemIdentityToken(db: Db, claims: IdentityClaims, now = Date.now()): Promise<boolean> {
  const redeemed = await db
    .update(verifications)
    .set({ redeemedAt: new Date(now) })
    .where(and(tokenMatches(claims), isNull(verifications.redeemedAt)))
    .returning({ id: verifications.id });
  return redeemed.length === 1;
}

export const clientAddressOf = (request: Request) => request.headers.get("CF-Connecting-IP");
