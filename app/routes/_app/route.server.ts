import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { BELL_FIRST_SCREEN, listNotifications } from "~/notifications/notifications.server";
import { publicFacts } from "~/public/public-facts.server";
import { captchaOf } from "~/auth/captcha.server";
import { getSessionUser } from "~/auth/session.server";
import { pendingSignInStep } from "~/auth/sign-in-progress.server";
import { toUserView } from "~/auth/user-view";

/** The signed-in area's layout data (`routes/_app`, decision 0197): who is signed in, the bell's first screen and the frame's messages. */
export async function signedInAreaLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  const language = languageOf(request, user);
  return {
    user: user ? toUserView(user) : null,
    // The bell's first screen, in the page's HTML: its count and list show before or without JavaScript.
    bell: user ? await listNotifications(getDb(env.DB), user.id, language, BELL_FIRST_SCREEN) : null,
    captcha: user ? null : captchaOf(env),
    // Signed out, the landing's wizard: a sign-in under way at its step (decision 0210), and this
    // page to come back to once signed in.
    signIn: user ? null : { pending: await pendingSignInStep(request, env), redirectTo: pageAddress(request) },
    // Signed out: the landing's figures and the footer's contacts, from the settings in force.
    publicFacts: user ? null : await publicFacts(env),
    // Signed in: the frame's messages (top bar, bell, status labels) for every page under it.
    // Signed out, every page here is the landing page.
    i18n: messagesFor(
      language,
      user ? ["app"] : ["landing", "signIn", "server.auth", "server.validation", "legal.signIn"],
    ),
  };
}

/** The address of the page asked for, to come back to after signing in (home needs none). */
function pageAddress(request: Request): string | undefined {
  const url = new URL(request.url);
  return url.pathname === "/" ? undefined : `${url.pathname}${url.search}`;
}
