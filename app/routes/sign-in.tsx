import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PublicPageHandle } from "~/public/public-page";
import { signInFormAction } from "~/auth/sign-in-form.server";
import type { SignInAnswer } from "~/auth/sign-in-steps";
import { SignInWizard } from "~/auth/sign-in-wizard";
import { captchaOf } from "~/auth/captcha.server";
import { getSessionUser } from "~/auth/session.server";
import { Brand } from "~/components/brand";
import { TermsAgreement } from "~/legal/terms-agreement";
import { useT } from "~/i18n/i18n";
import { languageOf, messagesFor } from "~/i18n/i18n.server";

export const meta: MetaFunction = () => [
  { title: "Sign in · Hatid" },
  { name: "description", content: "Sign in to Hatid with your Philippine mobile number." },
];

/**
 * The sign-in wizard's form action (every step, app/auth/sign-in-form.server.ts): the landing's
 * wizard posts here too, and the browser shows this page with the next step.
 */
export const action = signInFormAction;

/** A public page (decision 0188): no React in the browser, only the wizard's small script. */
export const handle: PublicPageHandle = { publicPage: () => ["sign-in"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  if (await getSessionUser(request, env)) throw redirect("/");
  return { captcha: captchaOf(env), i18n: messagesFor(languageOf(request), ["landing", "signIn", "server.auth", "server.validation", "legal.signIn"]) };
}

export default function SignIn() {
  const { captcha } = useLoaderData<typeof loader>();
  const answer = useActionData<SignInAnswer>();
  const t = useT();
  return (
    <main className="centered-page">
      <section className="card narrow-card stack" aria-labelledby="sign-in-heading">
        <Brand />
        <h1 id="sign-in-heading">{t("landing.getStarted.heading")}</h1>
        <SignInWizard captcha={captcha} answer={answer} />
        <TermsAgreement />
      </section>
    </main>
  );
}
