import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useT } from "~/i18n/i18n";
import type { FlashToast } from "./toast.server";
import ToastCard from "./toast-card";
import {
  dismissToast,
  getServerToastsSnapshot,
  getToastsSnapshot,
  subscribeToToasts,
  toast,
  TOAST_DURATION_MS,
  TOAST_VIEWPORT_HOTKEY,
  wasToastShown,
  type ToastItem,
} from "./toast-store";

function useToasts() {
  return useSyncExternalStore(subscribeToToasts, getToastsSnapshot, getServerToastsSnapshot);
}

/**
 * The toast after a redirect (the root loader's flash toast), rendered by the server into the
 * page's HTML: it shows with JavaScript off or not yet loaded. Once hydrated, the same toast (same
 * id, so the same card: no second toast, no mismatch) joins the store, which runs its timer.
 */
function useFlashToast(): FlashToast | null {
  const data = useRouteLoaderData<{ flashToast?: FlashToast | null }>("root");
  const flash = data?.flashToast ?? null;
  const documentFlashId = useRef(flash?.id);
  useEffect(() => {
    if (!flash || wasToastShown(flash.id)) return;
    // The document's own toast has been on screen since the first paint, not since the script
    // arrived: its 5 s count from then, and one the stylesheet already let leave does not come back.
    const duration = TOAST_DURATION_MS - (flash.id === documentFlashId.current ? msSinceFirstPaint() : 0);
    toast({ ...flash, duration: Math.max(duration, 0) });
    if (duration <= 0) dismissToast(flash.id);
  }, [flash]);
  return flash;
}

function msSinceFirstPaint() {
  const [paint] = performance.getEntriesByName("first-contentful-paint");
  return performance.now() - (paint?.startTime ?? 0);
}

const TIMED_TOASTS_CLASS = "toasts-timed";

/** The toast viewport: a labelled region the F8 key jumps to, holding at most one toast. */
export function Toaster() {
  const t = useT();
  const stored = useToasts();
  const flash = useFlashToast();
  const viewportRef = useRef<HTMLOListElement>(null);
  const toasts: readonly ToastItem[] =
    flash && stored.length === 0 && !wasToastShown(flash.id) ? [{ ...flash, open: true }] : stored;

  useEffect(() => {
    // From here on the store's timers dismiss toasts; until then (JavaScript off or not yet
    // arrived, a public page) the stylesheet lets a toast leave by itself (shell.css).
    document.documentElement.classList.add(TIMED_TOASTS_CLASS);
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
        {toasts.map((item) => (
          <ToastCard key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}
