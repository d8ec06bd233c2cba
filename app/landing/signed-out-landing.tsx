import { SignInWizard } from "~/auth/sign-in-wizard";
import type { Captcha } from "~/auth/turnstile";
import type { PublicFacts } from "~/public/public-facts.server";
import { LandingPage } from "./landing-page";

/**
 * What every page of the signed-in area shows a visitor who is not signed in: the landing page with
 * the sign-in wizard. Its own chunk (loaded lazily by `routes/_app`): the server renders it into a
 * page sent without React (a public page), so a signed-in page never needs its code.
 */
export default function SignedOutLanding({ captcha, facts }: { captcha: Captcha | null; facts: PublicFacts }) {
  return <LandingPage facts={facts} getStarted={<SignInWizard captcha={captcha} />} />;
}
