import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";

/**
 * A page's refusal to a signed-in user, shown by the signed-in area's ErrorBoundary in the page's
 * place under the top bar: the wrong role, a session that expired, or (404) something that is not
 * there for this reader, with the way home.
 */
export function AccessDenied({ message, notFound }: { message: string; notFound?: boolean }) {
  const t = useT();
  return (
    <main className="page">
      <div className="card access-denied stack" role="alert">
        <p>{message}</p>
        {notFound ? (
          <p>
            <Link to="/" className="button">
              {t("shell.notFound.home")}
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
