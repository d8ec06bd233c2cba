import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";

/**
 * The 404 card: what is missing, and the ways on (plain links, with or without JavaScript, on a
 * signed-in or a public page): home (the reader's dashboard, or the landing), and back to the page
 * of this site the reader came from, when the server knows it (`back`).
 */
export function NotFoundCard({ back }: { back?: string | null }) {
  const t = useT();
  return (
    <main className="centered-page">
      <section className="card not-found-card" aria-labelledby="not-found-heading">
        <h1 id="not-found-heading" className="not-found-heading">
          <span className="not-found-icon" aria-hidden="true">
            !
          </span>
          {t("shell.notFound.heading")}
        </h1>
        <p className="muted">{t("shell.notFound.body")}</p>
        <div className="error-actions">
          <Link to="/" reloadDocument className="button">
            {t("shell.notFound.home")}
          </Link>
          {back ? (
            <Link to={back} reloadDocument className="button button-secondary">
              {t("shell.notFound.back")}
            </Link>
          ) : null}
        </div>
      </section>
    </main>
  );
}
