import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { NotFoundCard } from "./not-found";
import { useLanguage, useT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";

/**
 * What the root's error boundary shows (never Remix's "Application Error", a stack or the error's
 * own text): the 404 card for a missing page, else a friendly card in the reader's language with
 * Retry (a plain link to the same address: a full load, with or without JavaScript; offline the
 * service worker answers with the page it kept) and a way home.
 */
export default function RootError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundCard />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorCard />;
}

/** The card's words should the root's own loader have failed (no catalog then). */
const FALLBACK: Record<Language, Record<"title" | "body" | "retry" | "goHome", string>> = {
  en: {
    title: "Something went wrong",
    body: "Sorry, this page could not be shown. Please try again in a moment.",
    retry: "Retry",
    goHome: "Go Home",
  },
  fil: {
    title: "May nangyaring mali",
    body: "Pasensya na, hindi mabuksan ang page na ito. Subukan ulit maya-maya.",
    retry: "Subukan ulit",
    goHome: "Bumalik sa Home",
  },
};

function ErrorCard() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const say = (key: keyof (typeof FALLBACK)["en"]) => {
    const id = `common.error.${key}` as const;
    const text = t(id);
    return text === id ? FALLBACK[language][key] : text;
  };
  return (
    <main className="centered-page">
      <section className="card" aria-labelledby="error-heading">
        <h1 id="error-heading">{say("title")}</h1>
        <p className="muted">{say("body")}</p>
        <div className="error-actions">
          <a href={`${location.pathname}${location.search}`} className="button">
            {say("retry")}
          </a>
          <Link to="/" reloadDocument className="button button-secondary">
            {say("goHome")}
          </Link>
        </div>
      </section>
    </main>
  );
}
