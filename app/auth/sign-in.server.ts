import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountLanguage, languageOf } from "~/i18n/i18n.server";
import { getDb, type Db } from "~/db/client.server";
import { sessions, type User } from "~/db/schema";
import { eq } from "drizzle-orm";
import { readJsonBody } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { accountForSignIn } from "./accounts.server";
import { authExchangeBody } from "./auth-schemas";
import { sendRecorded } from "~/notifications/message-log.server";
import {
  clientAddressOf,
  emailBody,
  emailLink,
  isRedeemable,
  redeemIdentityToken,
  smsBody,
  emailSubject,
  startEmailVerification,
  startSmsVerification,
  verifyIdentityToken,
  type IdentityClaims,
} from "./identity.server";
import { verifyCaptcha } from "./captcha.server";
import { createSession, sessionCookieHeader } from "./session.server";
import { toUserView } from "./user-view";

/**
 * Exchanges confirmed identity claims for a session: null when the names are still needed (a new
 * person; no session is opened), else the user and the Set-Cookie value of their new session. A
 * token opens at most one session. Shared by the JSON API and the landing page's form action.
 */
export async function openSessionFor(
  request: Request,
  db: Db,
  claims: IdentityClaims,
  names: { firstName?: string; lastName?: string },
): Promise<{ user: User; setCookie: string; firstSignIn: boolean } | null> {
  // Before any account is looked up or created for the subject.
  if (!(await isRedeemable(db, claims))) throw new Refusal(401, "server.auth.signInExpired");
  const user = await accountForSignIn(db, claims, names);
  if (!user) return null;
  if (!(await redeemIdentityToken(db, claims))) throw new Refusal(401, "server.auth.signInExpired");
  // Sessions are revoked, never deleted: none before this one means the account's first sign-in
  // (an approved applicant's account was made without one), told "welcome", not "welcome back".
  const [earlier] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .limit(1);
  const session = await createSession(db, user.id);
  return { user, setCookie: sessionCookieHeader(request, session.token), firstSignIn: !earlier };
}

/**
 * `POST /api/auth/{phone,email}`: exchanges an identity token for a session. Without names for a
 * new person it answers the names as null and opens no session (the page asks for them and posts
 * the same token again with them).
 */
export async function exchangeIdentityToken({ request, context }: ActionFunctionArgs, channel: "sms" | "email") {
  const { env } = context.cloudflare;
  const body = await readJsonBody(request, authExchangeBody);
  const claims = await verifyIdentityToken(env, body.idToken);
  if (claims.channel !== channel) throw new Refusal(401, "server.auth.signInExpired");

  const opened = await openSessionFor(request, getDb(env.DB), claims, body);
  if (!opened) {
    return Response.json({
      firstName: null,
      lastName: null,
      phoneNumber: channel === "sms" ? claims.subject : null,
      email: channel === "email" ? claims.subject : null,
    });
  }
  return Response.json(toUserView(opened.user), { headers: { "Set-Cookie": opened.setCookie } });
}

/** Checks the captcha, records a code for the number (throttled) and texts it. Throws a Refusal. */
export async function sendSignInCode(
  request: Request,
  env: Env,
  phoneNumber: string,
  captchaToken: string | undefined,
) {
  const clientAddress = clientAddressOf(request);
  await verifyCaptcha(env, captchaToken, clientAddress);
  const { verificationId, code } = await startSmsVerification(env.DB, {
    phoneNumber,
    clientAddress,
    secret: env.SESSION_SECRET,
  });
  // Recorded with its status (never its code); a failure is the person's to know: 503, ask again.
  const language = (await accountLanguage(env, { phoneNumber })) ?? languageOf(request);
  const sent = await sendRecorded(
    env,
    { channel: "sms", to: phoneNumber, language, text: smsBody(code), code },
    { purpose: "sign_in", secret: true },
  );
  if (sent.status !== "sent") throw new Refusal(503, "server.auth.unavailable");
  return { verificationId };
}

/**
 * Checks the captcha, records a sign-in link for the address (throttled) and emails it; the link
 * leads on to `redirectTo` (a path of this site) once signed in. Throws a Refusal.
 */
export async function sendSignInLink(
  request: Request,
  env: Env,
  email: string,
  captchaToken: string | undefined,
  redirectTo = "/",
) {
  const clientAddress = clientAddressOf(request);
  await verifyCaptcha(env, captchaToken, clientAddress);
  const { token } = await startEmailVerification(env.DB, { email, clientAddress });
  const link = emailLink(new URL(request.url).origin, token, redirectTo);
  const language = (await accountLanguage(env, { email })) ?? languageOf(request);
  const sent = await sendRecorded(
    env,
    { channel: "email", to: email, language, subject: emailSubject(), text: emailBody(link), link },
    { purpose: "sign_in", secret: true },
  );
  if (sent.status !== "sent") throw new Refusal(503, "server.auth.unavailable");
}
