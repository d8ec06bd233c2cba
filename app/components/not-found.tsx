import { useT } from "~/i18n/i18n";

export function NotFoundCard() {
  const t = useT();
  return (
    <main className="centered-page">
      <section className="card not-found-card" aria-labelledby="not-found-heading">
        <h1 id="not-found-heading" className="not-found-heading">
          <span className="not-found-icon" aria-hidden="true">!</span>
          {t("shell.notFound.heading")}
        </h1>
        <p className="muted">{t("shell.notFound.body")}</p>
      </section>
    </main>
  );
}
