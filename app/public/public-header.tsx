import { Link } from "@remix-run/react";
import { Brand } from "~/components/brand";
import { useT } from "~/i18n/i18n";
import { ScrollLink } from "./scroll-link";

/** The top bar of the public pages: the brand and, away from home, a Back to Home link. */
export function PublicHeader({ backToHome = false }: { backToHome?: boolean }) {
  const t = useT();
  return (
    <header className="public-header">
      <Brand />
      <nav aria-label="Site" className="public-header-nav">
        {backToHome ? (
          <Link to="/" className="button button-secondary">
            <span aria-hidden="true">←</span> {t("common.header.backToHome")}
          </Link>
        ) : (
          <>
            <Link to="/become-rider">{t("common.header.becomeRider")}</Link>
            <Link to="/help">{t("common.header.help")}</Link>
            <ScrollLink targetId="register" className="button">
              {t("common.header.signIn")}
            </ScrollLink>
          </>
        )}
      </nav>
    </header>
  );
}
