import { SignInWizard } from "~/auth/sign-in-wizard";
import type { Captcha } from "~/auth/turnstile";
import { LandingPage } from "./landing-page";

/**
 * What every page of the signed-in area shows a visitor who is not signed in: the landing page with
 * the sign-in wizard. Its own chunk (loaded lazily by `routes/_app`): the server renders it into a
 * page sent without React (a public page), so a signed-in page never needs its code.
 */
export default function SignedOutLanding({ captcha }: { captcha: Captcha | null }) {
  return <LandingPage getStarted={<SignInWizard captcha={captcha} />} />;
}
