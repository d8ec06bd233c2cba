import { useT } from "~/i18n/i18n";

/** What a suspended rider sees instead of the dashboard: the reason, and what it means. */
export function SuspendedNotice({ message }: { message: string }) {
  const t = useT();
  return (
    <main className="page narrow-page stack-lg">
      <h1>{t("rider.dashboard.title")}</h1>
      <section className="card stack" aria-labelledby="suspended-heading">
        <h2 id="suspended-heading">{t("rider.suspended.title")}</h2>
        <p className="notice" role="status">
          {message}
        </p>
        <p className="muted">{t("rider.suspended.text")}</p>
      </section>
    </main>
  );
}
