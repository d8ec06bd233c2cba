import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { NotFoundCard } from "~/components/not-found";
import { useT } from "~/i18n/i18n";

/**
 * What the root's error boundary shows: the 404 card for a missing page, else a card that leads
 * home. Loaded only when a page fails (root.tsx), so no page that works pays for it.
 */
export default function RootError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundCard />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorCard />;
}

function ErrorCard() {
  const t = useT();
  return (
    <main className="centered-page">
      <section className="card" aria-labelledby="error-heading">
        <h1 id="error-heading">{t("common.error.title")}</h1>
        <p className="muted">{t("common.error.body")}</p>
        <Link to="/" className="button">
          {t("common.error.goHome")}
        </Link>
      </section>
    </main>
  );
}
