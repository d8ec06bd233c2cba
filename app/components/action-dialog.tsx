import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "~/http/api-client";
import { useT } from "~/i18n/i18n";

/**
 * A modal confirmation (`<dialog>`): a title, what will happen, optional fields, and a confirm
 * button that runs `onConfirm`. A refusal from the server stays in the dialog (its own message) so
 * the person can change their mind or their input; success closes it.
 */
export function ActionDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  backLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** The close button's label, in the page's language. */
  backLabel?: string;
  danger?: boolean;
  /** Receives the dialog's form data; throws to keep the dialog open with the error shown. */
  onConfirm: (form: FormData) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setProblem(null);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm(new FormData(event.currentTarget));
      onClose();
    } catch (error) {
      // The server's refusal is already in the caller's language.
      setProblem(error instanceof ApiError ? error.serverMessage : t("app.dialog.failed"));
    } finally {
      setBusy(false);
    }
  }

  // Closed, nothing is rendered: its texts must not sit hidden in the page (finds, screen readers).
  if (!open) return null;
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose} onCancel={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="row dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {backLabel ?? t("app.dialog.back")}
          </button>
          <button type="submit" className={danger ? "button button-danger" : "button"} disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
