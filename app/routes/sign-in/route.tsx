import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PublicPageHandle } from "~/public/public-page";
import type { signInPageLoader as loader } from "./route.server";
import type { SignInAnswer } from "~/auth/sign-in-steps";
import { SignInWizard } from "~/auth/sign-in-wizard";
import { Brand } from "~/components/brand";
import { TermsAgreement } from "~/legal/terms-agreement";
import { useT } from "~/i18n/i18n";

export const meta: MetaFunction = () => [
  { title: "Sign in · Hatid" },
  { name: "description", content: "Sign in to Hatid with your Philippine mobile number." },
];

/**
 * The sign-in wizard's page and form action (every step, app/routes/sign-in/route.server.ts): the
 * landing's wizard posts here too, and the browser comes here for the next step.
 */
export { signInPageLoader as loader, signInFormAction as action } from "./route.server";

/** A public page (decision 0188): no React in the browser, only the wizard's small script. */
export const handle: PublicPageHandle = { publicPage: () => ["sign-in"] };

export default function SignIn() {
  const { captcha, pending, redirectTo } = useLoaderData<typeof loader>();
  // A refused step's answer, else the step a sign-in under way stands at.
  const answer = useActionData<SignInAnswer>() ?? pending;
  const t = useT();
  return (
    <main className="centered-page">
      <section className="card narrow-card stack" aria-labelledby="sign-in-heading">
        <Brand />
        <h1 id="sign-in-heading">{t("landing.getStarted.heading")}</h1>
        <SignInWizard captcha={captcha} answer={answer} redirectTo={redirectTo} />
        <TermsAgreement />
      </section>
    </main>
  );
}
