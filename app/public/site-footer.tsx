import { Link } from "@remix-run/react";
import { BRAND_NAME, BRAND_TAGLINE } from "~/components/brand";
import { ScrollLink } from "./scroll-link";

/** The calendar year in Manila (PRODUCT.md, Time), the same on the server and in the browser. */
export function currentYearInManila(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", year: "numeric" }).format(now));
}

/** The public footer: links to the help centre, rider recruitment, the application form and sign-in. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div>
          <p className="site-footer-brand">{BRAND_NAME}</p>
          <p className="muted">{BRAND_TAGLINE}. Owned by the riders who deliver for you.</p>
        </div>
        <nav aria-label="Footer" className="site-footer-links">
          <div>
            <h2 className="site-footer-heading">Customers</h2>
            <ul>
              <li>
                <ScrollLink targetId="register" href="/#register">
                  Book a Delivery
                </ScrollLink>
              </li>
              <li>
                <Link to="/help">Help Center</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer-heading">Riders</h2>
            <ul>
              <li>
                <Link to="/become-rider">Become a Rider</Link>
              </li>
              <li>
                <Link to="/become-rider#application-form">Apply Now</Link>
              </li>
              <li>
                <ScrollLink targetId="register" href="/#register">
                  Rider Sign In
                </ScrollLink>
              </li>
            </ul>
          </div>
        </nav>
        <p className="site-footer-copyright">
          © {currentYearInManila()} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
