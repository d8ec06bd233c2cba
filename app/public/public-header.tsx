import { Link } from "@remix-run/react";
import { Brand } from "~/components/brand";
import { ScrollLink } from "./scroll-link";

/** The top bar of the public pages: the brand and, away from home, a Back to Home link. */
export function PublicHeader({ backToHome = false }: { backToHome?: boolean }) {
  return (
    <header className="public-header">
      <Brand />
      <nav aria-label="Site" className="public-header-nav">
        {backToHome ? (
          <Link to="/" className="button button-secondary">
            <span aria-hidden="true">←</span> Back to Home
          </Link>
        ) : (
          <>
            <Link to="/become-rider">Become a Rider</Link>
            <Link to="/help">Help</Link>
            <ScrollLink targetId="register" className="button">
              Sign In
            </ScrollLink>
          </>
        )}
      </nav>
    </header>
  );
}
