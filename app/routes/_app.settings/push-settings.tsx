import { useEffect, useState } from "react";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/components/toast-store";
import { useT } from "~/i18n/i18n";

/**
 * Settings' switch for Web Push on this device (docs/guide/deliveries.md#field-conditions):
 * on asks the browser's permission, subscribes with our VAPID public key and sends the subscription
 * to `POST /api/push/subscriptions`; off deletes it there and unsubscribes. The service worker
 * (app/offline/service-worker.js) shows what arrives and opens its page.
 */
type PushState = "checking" | "unsupported" | "unconfigured" | "blocked" | "off" | "on";

const keyBytes = (base64Url: string) =>
  Uint8Array.from(atob(base64Url.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register("/sw.js"));
}

export function PushSettings({ vapidPublicKey }: { vapidPublicKey: string | null }) {
  const t = useT();
  const [state, setState] = useState<PushState>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
      return setState("unsupported");
    if (!vapidPublicKey) return setState("unconfigured");
    if (Notification.permission === "denied") return setState("blocked");
    registration()
      .then((reg) => reg.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("unsupported"));
  }, [vapidPublicKey]);

  async function turnOn() {
    if (!vapidPublicKey) return;
    if ((await Notification.requestPermission()) !== "granted") {
      setState("blocked");
      toast({
        variant: "destructive",
        title: t("settings.push.blockedToast"),
        description: t("settings.push.blockedToastBody"),
      });
      return;
    }
    const reg = await registration();
    await navigator.serviceWorker.ready;
    const subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidPublicKey),
    });
    await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
    setState("on");
    toast({ title: t("settings.push.onToast"), description: t("settings.push.onToastBody") });
  }

  async function turnOff() {
    const subscription = await (await registration()).pushManager.getSubscription();
    if (subscription) {
      try {
        await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await subscription.unsubscribe();
    }
    setState("off");
    toast({ title: t("settings.push.offToast"), description: t("settings.push.offToastBody") });
  }

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("settings.error"),
        description: error instanceof ApiError ? error.serverMessage : t("settings.push.failed"),
      });
    } finally {
      setBusy(false);
    }
  }

  const usable = state === "on" || state === "off" || state === "blocked";
  return (
    <section className="card stack" aria-labelledby="push-title">
      <h2 id="push-title">{t("settings.push.heading")}</h2>
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={state === "on"}
          disabled={!usable || busy}
          aria-describedby="push-hint"
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        <span>{t("settings.push.switch")}</span>
      </label>
      <p id="push-hint" className="muted">
        {t(`settings.push.${state}`)}
      </p>
      {/* Web Push needs the page's JavaScript: without it, say so (the bell still works). */}
      <noscript>
        <p className="muted">{t("settings.push.needsScript")}</p>
      </noscript>
    </section>
  );
}
