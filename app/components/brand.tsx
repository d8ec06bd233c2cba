import { Link } from "@remix-run/react";

export const BRAND_NAME = "Hatid";
export const BRAND_TAGLINE = "Rider-owned delivery cooperative";

export function Brand({ withTagline = false }: { withTagline?: boolean }) {
  return (
    // No aria-label: the link's name is its visible text ("Hatid"), as speech input expects.
    <Link to="/" className="brand">
      <span className="brand-mark" aria-hidden="true">
        H
      </span>
      <span className="brand-name">{BRAND_NAME}</span>
      {withTagline ? <span className="brand-tagline">{BRAND_TAGLINE}</span> : null}
    </Link>
  );
}
