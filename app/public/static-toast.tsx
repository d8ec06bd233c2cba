import { useT } from "~/i18n/i18n";
import { TOAST_VIEWPORT_HOTKEY } from "~/toast/toast-store";

/**
 * A toast written into a public page's HTML (decision 0188: no script shows one there): the
 * Toaster's region and card, without its timer and close button.
 */
export function StaticToast({ title, description, variant }: { title?: string; description?: string; variant?: "default" | "destructive" }) {
  const t = useT();
  const destructive = variant === "destructive";
  return (
    <section role="region" aria-label={t("shell.toast.region", { hotkey: TOAST_VIEWPORT_HOTKEY })} tabIndex={-1}>
      <ol className="toast-viewport" tabIndex={-1}>
        <li className={`toast ${destructive ? "toast-destructive" : ""}`} data-state="open">
          <div className="toast-body" role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"} aria-atomic="true">
            <div className="toast-text">
              {title ? <div className="toast-title">{title}</div> : null}
              {description ? <div className="toast-description">{description}</div> : null}
            </div>
          </div>
        </li>
      </ol>
    </section>
  );
}
