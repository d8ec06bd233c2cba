import { useT } from "~/i18n/i18n";

/** "Can't make it" asked once more (the dashboard, the tracking page): release the delivery, or keep it. */
export function ReleaseConfirmation({ disabled, onRelease, onKeep }: { disabled: boolean; onRelease: () => void; onKeep: () => void }) {
  const t = useT();
  return (
    <div className="rider-confirm" role="group" aria-label={t("rider.release.question")}>
      <p>{t("rider.release.text")}</p>
      <div className="row">
        <button type="button" className="button button-danger" disabled={disabled} onClick={onRelease}>
          {t("rider.release.yes")}
        </button>
        <button type="button" className="button button-secondary" onClick={onKeep} autoFocus>
          {t("rider.release.keep")}
        </button>
      </div>
    </div>
  );
}
