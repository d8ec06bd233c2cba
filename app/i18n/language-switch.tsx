import { Form, useLocation } from "@remix-run/react";
import { useLanguage, useT } from "./i18n";
import { LANGUAGES } from "./languages";

/**
 * English | Filipino: a plain form (it works before or without JavaScript) posting to /language,
 * which remembers the choice and comes back to this page in it.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const current = useLanguage();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/language"
      className={`language-switch ${className}`}
      aria-label={t("common.language.label")}
    >
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}${location.hash}`} />
      {LANGUAGES.map((language, index) => (
        <span key={language}>
          {index > 0 ? <span aria-hidden="true"> | </span> : null}
          <button
            type="submit"
            name="lang"
            value={language}
            className="link-button"
            aria-pressed={language === current}
            lang={language}
          >
            {t(`common.language.${language}`)}
          </button>
        </span>
      ))}
    </Form>
  );
}
