import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import { useT } from "~/i18n/i18n";
import { getServerToastsSnapshot, getToastsSnapshot, subscribeToToasts, TOAST_VIEWPORT_HOTKEY } from "./toast-store";

/**
 * The cards load with the first toast: no page shows one before its JavaScript runs, and every
 * page, the landing included, would otherwise pay for them (decision 0007).
 */
const ToastCard = lazy(() => import("./toast-card"));

export function useToasts() {
  return useSyncExternalStore(subscribeToToasts, getToastsSnapshot, getServerToastsSnapshot);
}

/** The toast viewport: a labelled region the F8 key jumps to, holding at most one toast. */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  const viewportRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === TOAST_VIEWPORT_HOTKEY) {
        event.preventDefault();
        viewportRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section role="region" aria-label={t("shell.toast.region", { hotkey: TOAST_VIEWPORT_HOTKEY })} tabIndex={-1}>
      <ol ref={viewportRef} className="toast-viewport" tabIndex={-1}>
        <Suspense fallback={null}>
          {toasts.map((item) => (
            <ToastCard key={item.id} toast={item} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}
