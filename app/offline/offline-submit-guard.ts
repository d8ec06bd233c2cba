import { useEffect } from "react";
import { useT } from "~/i18n/i18n";
import { toast } from "~/components/toast-store";

/** The mark of a form that keeps its action on the phone without signal (the rider's steps, app/offline). */
export const OFFLINE_QUEUE_ATTRIBUTE = "data-offline-queue";

/**
 * Without signal, a form of a signed-in page that cannot wait on the phone is not sent: the page
 * says it needs signal and stays as it is, with what was typed. Sent anyway, its request fails and
 * the page's error boundary replaces the page (Save in Settings, a rating or a
 * cancellation from Your Recent Bookings, an admin's form). The forms that keep their action until
 * the signal returns carry OFFLINE_QUEUE_ATTRIBUTE and are left to their own submit handler.
 *
 * Listens before React does (the window, capture phase), so neither Remix nor a page's own
 * handler starts the request.
 */
export function useOfflineSubmitGuard() {
  const t = useT();
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (navigator.onLine) return;
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.hasAttribute(OFFLINE_QUEUE_ATTRIBUTE)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      toast({ title: t("app.offline.noSignal"), description: t("app.offline.tryAgain"), variant: "destructive" });
    };
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, [t]);
}
