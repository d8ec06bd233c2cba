import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import {
  EMAIL_LINK_TTL_MS,
  ID_TOKEN_TTL_SECONDS,
  isRedeemable,
  numberAwaitingCode,
  SMS_CODE_TTL_MS,
  verifyIdentityToken,
} from "./identity.server";
import type { SignInStep } from "./sign-in-steps";

/**
 * Where a sign-in stands between two pages (decision 0210): the code step's verification (never
 * the code, which only the text message holds), the name step's identity token, or the address a
 * link went to. Each step that sends or confirms something redirects to the page of the next step
 * (post/redirect/get), which reads it from this short-lived cookie: a reload, the back button or
 * the landing opened again shows the same step, while it is still valid, without sending anything.
 */
const progressSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("otp"), verificationId: z.string().uuid() }),
  z.object({ step: z.literal("name"), idToken: z.string().max(4096) }),
  z.object({ step: z.literal("email-sent"), email: z.string().max(300) }),
]);
export type SignInProgress = z.infer<typeof progressSchema>;

const progressCookie = createCookie("hatid_sign_in", { path: "/", httpOnly: true, sameSite: "lax" });

/** As long as the step can be finished: the code's 5 minutes, the identity token's 10, the link's 15. */
const LIFETIME_SECONDS: Record<SignInProgress["step"], number> = {
  otp: SMS_CODE_TTL_MS / 1000,
  name: ID_TOKEN_TTL_SECONDS,
  "email-sent": EMAIL_LINK_TTL_MS / 1000,
};

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** The Set-Cookie value that remembers `progress`, or forgets it (null: signed in, or back to the start). */
export function signInProgressHeader(request: Request, progress: SignInProgress | null): Promise<string> {
  if (!progress) return progressCookie.serialize("", { maxAge: 0, secure: isHttps(request) });
  return progressCookie.serialize(progress, { maxAge: LIFETIME_SECONDS[progress.step], secure: isHttps(request) });
}

/** The step this browser's sign-in stands at, when it can still be finished; else null (start with the number). */
export async function pendingSignInStep(request: Request, env: Env): Promise<SignInStep | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("hatid_sign_in=")) return null;
  const parsed = progressSchema.safeParse(await progressCookie.parse(cookieHeader).catch(() => null));
  if (!parsed.success) return null;
  const progress = parsed.data;
  switch (progress.step) {
    case "otp": {
      const phoneNumber = await numberAwaitingCode(getDb(env.DB), progress.verificationId);
      return phoneNumber ? { step: "otp", phoneNumber, verificationId: progress.verificationId } : null;
    }
    case "name": {
      const claims = await verifyIdentityToken(env, progress.idToken).catch(() => null);
      return claims && (await isRedeemable(getDb(env.DB), claims)) ? { step: "name", idToken: progress.idToken } : null;
    }
    case "email-sent":
      return { step: "email-sent", email: progress.email };
  }
}
