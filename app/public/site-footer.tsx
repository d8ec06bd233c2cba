import { Link } from "@remix-run/react";
import { BRAND_NAME } from "~/components/brand";
import type { ContactLinks } from "./contact";
import { useT } from "~/i18n/i18n";
import { LanguageSwitch } from "~/i18n/language-switch";
import { ScrollLink } from "./scroll-link";

/** The calendar year in Manila (docs/guide/what-is-true.md#time), the same on the server and in the browser. */
function currentYearInManila(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", year: "numeric" }).format(now));
}

/**
 * The public footer: links to the help centre, rider recruitment, the application form, sign-in,
 * the Terms and the Privacy notice; and the co-op's contacts from its settings, each only when set
 * (no contact set: no "contact us" at all).
 */
export function SiteFooter({ contacts }: { contacts: ContactLinks }) {
  const t = useT();
  const hasContacts = Boolean(contacts.hotline || contacts.messenger || contacts.email);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div>
          <p className="site-footer-brand">{BRAND_NAME}</p>
          <p className="muted">{t("common.footer.tagline", { tagline: t("common.brand.tagline") })}</p>
        </div>
        <nav aria-label="Footer" className="site-footer-links">
          <div>
            <h2 className="site-footer-heading">{t("common.footer.customers")}</h2>
            <ul>
              <li>
                <ScrollLink targetId="register" href="/#register">
                  {t("common.footer.bookDelivery")}
                </ScrollLink>
              </li>
              <li>
                <Link to="/help">{t("common.footer.helpCenter")}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer-heading">{t("common.footer.riders")}</h2>
            <ul>
              <li>
                <Link to="/become-rider">{t("common.footer.becomeRider")}</Link>
              </li>
              <li>
                <Link to="/become-rider#application-form">{t("common.footer.applyNow")}</Link>
              </li>
              <li>
                <ScrollLink targetId="register" href="/#register">
                  {t("common.footer.riderSignIn")}
                </ScrollLink>
              </li>
            </ul>
          </div>
          {hasContacts ? (
            <div data-testid="footer-contacts">
              <h2 className="site-footer-heading">{t("common.footer.contact")}</h2>
              <ul>
                {contacts.hotline ? (
                  <li>
                    <a href={`tel:${contacts.hotline.tel}`}>
                      {t("common.footer.hotline", { hotline: contacts.hotline.display })}
                    </a>
                  </li>
                ) : null}
                {contacts.messenger ? (
                  <li>
                    <a href={contacts.messenger.url} rel="noopener noreferrer">
                      {t("common.footer.messenger")}
                    </a>
                  </li>
                ) : null}
                {contacts.email ? (
                  <li>
                    <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
                  </li>
                ) : null}
              </ul>
            </div>
          ) : null}
          <div>
            <h2 className="site-footer-heading">{t("common.footer.legal")}</h2>
            <ul>
              <li>
                <Link to="/terms">{t("common.footer.terms")}</Link>
              </li>
              <li>
                <Link to="/privacy">{t("common.footer.privacy")}</Link>
              </li>
            </ul>
          </div>
        </nav>
        <div className="site-footer-copyright">
          <p>{t("common.footer.rights", { year: currentYearInManila(), brand: BRAND_NAME })}</p>
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
