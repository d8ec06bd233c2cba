import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { readJsonBody } from "~/http/api.server";
import { accountForSignIn } from "./accounts.server";
import { authExchangeBody } from "./auth-schemas";
import { IdentityError, isRedeemable, redeemIdentityToken, verifyIdentityToken } from "./identity.server";
import { createSession, sessionCookieHeader } from "./session.server";
import { toUserView } from "./user-view";

/**
 * `POST /api/auth/{phone,email}`: exchanges an identity token for a session. Without names for a
 * new person it answers the names as null and opens no session (the page asks for them and posts
 * the same token again with them). A token opens at most one session.
 */
export async function exchangeIdentityToken({ request, context }: ActionFunctionArgs, channel: "sms" | "email") {
  const { env } = context.cloudflare;
  const db = getDb(env.DB);
  const body = await readJsonBody(request, authExchangeBody);
  const claims = await verifyIdentityToken(env, body.idToken);
  if (claims.channel !== channel) throw new IdentityError("auth/invalid-id-token", 401);
  // Before any account is looked up or created for the subject.
  if (!(await isRedeemable(db, claims))) throw new IdentityError("auth/invalid-id-token", 401);

  const user = await accountForSignIn(db, claims, body);
  if (!user) {
    return Response.json({
      firstName: null,
      lastName: null,
      phoneNumber: channel === "sms" ? claims.subject : null,
      email: channel === "email" ? claims.subject : null,
    });
  }
  if (!(await redeemIdentityToken(db, claims))) throw new IdentityError("auth/invalid-id-token", 401);
  const session = await createSession(db, user.id);
  return Response.json(toUserView(user), { headers: { "Set-Cookie": sessionCookieHeader(request, session.token) } });
}
