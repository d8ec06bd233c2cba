import { captchaToken } from "~/auth/turnstile";
import { EMAIL_FOR_SIGN_IN_KEY, PENDING_NAME_TOKEN_KEY } from "~/auth/sign-in-steps";

/**
 * The sign-in wizard's browser part (app/auth/sign-in-wizard.tsx renders its plain forms, which
 * work without this script):
 * - the identity token waits in session storage during the name step, and the
 *   address a sign-in link was sent to is kept for the email-verify page on this device;
 * - where Turnstile is configured (a site key on the form), an invisible captcha token is added
 *   before a step that sends a code or a link.
 */
const pending = document.querySelector<HTMLElement>("[data-pending-name-token]")?.dataset.pendingNameToken;
if (pending) sessionStorage.setItem(PENDING_NAME_TOKEN_KEY, pending);
else sessionStorage.removeItem(PENDING_NAME_TOKEN_KEY);

const sentTo = document.querySelector<HTMLElement>("[data-email-sent]")?.dataset.emailSent;
if (sentTo) localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, sentTo);

const NEEDS_CAPTCHA = ["send-code", "resend", "send-link"];

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.signInStep) return;
  const submitter = event.submitter as HTMLButtonElement | null;
  // The names go to the server: the token no longer waits (it comes back if they are refused).
  if (submitter?.value === "register") sessionStorage.removeItem(PENDING_NAME_TOKEN_KEY);
  const siteKey = form.dataset.turnstileSiteKey;
  if (!siteKey || form.dataset.captchaReady || !submitter || !NEEDS_CAPTCHA.includes(submitter.value)) return;
  event.preventDefault();
  captchaToken(siteKey, form.dataset.turnstileScript)
    .catch(() => "")
    .then((token) => {
      let field = form.querySelector<HTMLInputElement>("input[name=captchaToken]");
      if (!field) {
        field = Object.assign(document.createElement("input"), { type: "hidden", name: "captchaToken" });
        form.appendChild(field);
      }
      field.value = token ?? "";
      form.dataset.captchaReady = "true";
      form.requestSubmit(submitter);
    });
});
