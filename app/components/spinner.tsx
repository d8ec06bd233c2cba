import { useT } from "~/i18n/i18n";

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return <span className="spinner" role="status" aria-label={label ?? t("shell.spinner.loading")} />;
}

/** Covers the page while the signed-in state or the next page loads. */
export function FullPageSpinner({ delayed = false }: { delayed?: boolean }) {
  return (
    <div className={delayed ? "full-page-spinner delayed" : "full-page-spinner"} data-testid="full-page-spinner">
      <Spinner />
    </div>
  );
}
