import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";

/** Under the sign-in wizard (the landing's Get Started, /sign-in): signing in accepts the Terms and the Privacy Notice. */
export function TermsAgreement() {
  const t = useT();
  return (
    <p className="muted terms-agreement" data-testid="terms-agreement">
      {t("legal.signIn.agree")} <Link to="/terms">{t("common.footer.terms")}</Link> ·{" "}
      <Link to="/privacy">{t("common.footer.privacy")}</Link>
    </p>
  );
}
