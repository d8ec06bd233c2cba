import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useMessageText, useT } from "~/i18n/i18n";
import { EMAIL_MISSING } from "~/auth/sign-in-rules";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta";
import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { NameStep } from "./name-step";
import {
  confirmEmailLink,
  EMAIL_FOR_SIGN_IN_KEY,
  exchangeToken,
  isRegistered,
  PENDING_NAME_TOKEN_KEY,
} from "./sign-in-client";
import { ApiError } from "~/http/api-client";
import { safeReturnPath } from "~/http/return-path";
import { Brand } from "~/components/brand";
import { Spinner } from "~/components/spinner";

/** The name step's words (a new person signing up by email link), in the visitor's language. */
export const loader = ({ request }: LoaderFunctionArgs) => ({ i18n: messagesFor(languageOf(request), ["signIn", "server.auth", "server.validation"]) });

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "signIn.emailVerify.title", "Verify your email · Hatid") },
  { name: "description", content: metaText(matches, "signIn.emailVerify.description", "Finish signing in to Hatid with your emailed link.") },
  { name: "robots", content: "noindex" },
];

const REDIRECT_DELAY_MS = 2000;

type State =
  | { kind: "loading" }
  | { kind: "ask-email" }
  | { kind: "name"; idToken: string }
  | { kind: "success" }
  | { kind: "error"; message: string };

/**
 * The email sign-in link lands here (spec section 2, Email verify page); once signed in, on to the
 * page the visitor signed in from (the link's `redirectTo`, a path of this site), else home.
 */
export default function EmailVerify() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const redirectTo = safeReturnPath(searchParams.get("redirectTo"));
  const [state, setState] = useState<State>({ kind: "loading" });
  const [typedEmail, setTypedEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const t = useT();
  const messageText = useMessageText();

  async function complete(email: string) {
    if (!token) return setState({ kind: "error", message: t("signIn.emailVerify.invalidLink") });
    setState({ kind: "loading" });
    try {
      const { idToken } = await confirmEmailLink(token, email);
      localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
      const answer = await exchangeToken("email", idToken);
      if (isRegistered(answer)) return succeed();
      sessionStorage.setItem(PENDING_NAME_TOKEN_KEY, idToken);
      setState({ kind: "name", idToken });
    } catch (error) {
      setState({ kind: "error", message: error instanceof ApiError ? error.serverMessage : t("signIn.emailVerify.failed") });
    }
  }

  function succeed() {
    sessionStorage.removeItem(PENDING_NAME_TOKEN_KEY);
    setState({ kind: "success" });
    setTimeout(() => window.location.assign(redirectTo), REDIRECT_DELAY_MS);
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) return setState({ kind: "error", message: t("signIn.emailVerify.invalidLink") });
    const stored = localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
    if (stored) void complete(stored);
    else setState({ kind: "ask-email" });
    // Runs once, for the link this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    const email = typedEmail.trim();
    if (!email) return setEmailError(messageText(EMAIL_MISSING));
    setEmailError(null);
    void complete(email);
  }

  async function saveNames(idToken: string, names: { firstName: string; lastName: string }) {
    setBusy(true);
    try {
      const answer = await exchangeToken("email", idToken, names);
      if (!isRegistered(answer)) throw new Error("names not saved");
      succeed();
    } catch (error) {
      setState({ kind: "error", message: error instanceof ApiError ? error.serverMessage : t("signIn.emailVerify.registrationFailed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="centered-page">
      <section className="card narrow-card stack" aria-live="polite">
        <Brand />
        {state.kind === "loading" ? (
          <div className="row">
            <Spinner label={t("signIn.emailVerify.verifyingLabel")} />
            <p>{t("signIn.emailVerify.verifying")}</p>
          </div>
        ) : null}
        {state.kind === "ask-email" ? (
          <form onSubmit={submitEmail} className="stack" noValidate>
            <p>{t("signIn.emailVerify.confirmEmail")}</p>
            <div className="field">
              <label htmlFor="confirm-email">{t("signIn.email")}</label>
              <input
                id="confirm-email"
                type="email"
                autoComplete="email"
                value={typedEmail}
                onChange={(e) => setTypedEmail(e.target.value)}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? "confirm-email-error" : undefined}
              />
              {emailError ? (
                <p id="confirm-email-error" className="field-errors" role="alert">
                  {emailError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button">
              {t("signIn.emailVerify.continue")}
            </button>
          </form>
        ) : null}
        {state.kind === "name" ? <NameStep busy={busy} onSubmit={(names) => saveNames(state.idToken, names)} /> : null}
        {state.kind === "success" ? <p className="success-text">{t("signIn.emailVerify.success")}</p> : null}
        {state.kind === "error" ? (
          <>
            <h1>{t("signIn.emailVerify.failedHeading")}</h1>
            <p>{state.message}</p>
            <Link to="/" className="button">
              {t("signIn.emailVerify.backHome")}
            </Link>
          </>
        ) : null}
      </section>
    </main>
  );
}
