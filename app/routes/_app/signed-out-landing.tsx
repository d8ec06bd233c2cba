import type { SignInStep } from "~/auth/sign-in-steps";
import { SignInWizard } from "~/auth/sign-in-wizard";
import type { Captcha } from "~/auth/turnstile";
import type { PublicFacts } from "~/public/public-facts.server";
import { LandingPage } from "./landing-page";

/**
 * What every page of the signed-in area shows a visitor who is not signed in: the landing page with
 * the sign-in wizard. Its own chunk (loaded lazily by `routes/_app`): the server renders it into a
 * page sent without React (a public page), so a signed-in page never needs its code. Signing in
 * here comes back to this page (`redirectTo`: its address, not home's).
 */
export default function SignedOutLanding({
  captcha,
  facts,
  pending,
  redirectTo,
}: {
  captcha: Captcha | null;
  facts: PublicFacts;
  pending?: SignInStep | null;
  redirectTo?: string;
}) {
  return (
    <LandingPage
      facts={facts}
      getStarted={<SignInWizard captcha={captcha} answer={pending} redirectTo={redirectTo} />}
    />
  );
}
