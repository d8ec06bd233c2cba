import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { intentOf, readForm, submitForm } from "~/forms/form-action.server";
import { Refusal } from "~/http/refusal";
import { safeReturnPath } from "~/http/return-path";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { emailVerifyBody, emailVerifyNameForm } from "~/auth/auth-schemas";
import { confirmEmailLink, issueIdentityToken, verifyIdentityToken } from "~/auth/identity.server";
import { openSessionFor } from "~/auth/sign-in.server";

/**
 * /auth/email-verify, where the email sign-in link lands (docs/guide/people-and-access.md#sign-in-by-email), as
 * the one form pattern (decision 0187): the page's forms post here and work without JavaScript.
 * `confirm` (the link's token and the address it was sent to) signs a known person in; a new person
 * is asked their names (`register`, with the identity token in a hidden field). Signed in, the
 * page says so and goes on to the page the visitor signed in from (`redirectTo`, else home).
 */
export function emailVerifyLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    token: url.searchParams.get("token") || null,
    redirectTo: safeReturnPath(url.searchParams.get("redirectTo")),
    i18n: messagesFor(languageOf(request), ["signIn", "server.auth", "server.validation"]),
  };
}

const INTENTS = ["confirm", "register"] as const;

/** A step the action answers besides a form's errors: a new person's names, or signed in. */
export type EmailVerifyStep = { step: "name"; idToken: string } | { step: "success"; redirectTo: string };

export async function emailVerifyAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await readForm(request);
  const redirectTo = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  /** The person's session is open: the page says so, with its cookie, and goes on to `redirectTo`. */
  const signedIn = (setCookie: string) =>
    data<EmailVerifyStep>({ step: "success", redirectTo }, { headers: { "Set-Cookie": setCookie } });

  if (intentOf(form, INTENTS) === "register") {
    return submitForm(form, emailVerifyNameForm, async ({ idToken, ...names }) => {
      const claims = await verifyIdentityToken(env, idToken);
      const opened = claims.channel === "email" ? await openSessionFor(request, getDb(env.DB), claims, names) : null;
      if (!opened) throw new Refusal(400, "server.auth.registrationFailed");
      return signedIn(opened.setCookie);
    });
  }
  return submitForm(form, emailVerifyBody, async (link) => {
    const db = getDb(env.DB);
    const idToken = await issueIdentityToken(env, await confirmEmailLink(db, link));
    const opened = await openSessionFor(request, db, await verifyIdentityToken(env, idToken), {});
    if (!opened) return data<EmailVerifyStep>({ step: "name", idToken });
    return signedIn(opened.setCookie);
  });
}
