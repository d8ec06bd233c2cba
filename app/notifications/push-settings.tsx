import { useEffect, useState } from "react";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";

/**
 * Settings' switch for Web Push on this device (PRODUCT.md, Field conditions and notifications):
 * on asks the browser's permission, subscribes with our VAPID public key and sends the subscription
 * to `POST /api/push/subscriptions`; off deletes it there and unsubscribes. The service worker
 * (app/pwa/service-worker.js) shows what arrives and opens its page.
 */
type PushState = "checking" | "unsupported" | "unconfigured" | "blocked" | "off" | "on";

const keyBytes = (base64Url: string) => Uint8Array.from(atob(base64Url.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register("/sw.js"));
}

export function PushSettings({ vapidPublicKey }: { vapidPublicKey: string | null }) {
  const [state, setState] = useState<PushState>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setState("unsupported");
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
      toast({ variant: "destructive", title: "Notifications blocked", description: "Allow notifications for this site in your browser's settings." });
      return;
    }
    const reg = await registration();
    await navigator.serviceWorker.ready;
    const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) });
    await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
    setState("on");
    toast({ title: "Push notifications on", description: "This device will show Hatid notifications." });
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
    toast({ title: "Push notifications off", description: "This device will no longer show Hatid notifications." });
  }

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      toast({ variant: "destructive", title: "Error", description: error instanceof ApiError ? error.serverMessage : "Could not change push notifications. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  const hint: Record<PushState, string> = {
    checking: "Checking this device…",
    unsupported: "This browser cannot receive push notifications. The bell still lists them.",
    unconfigured: "Push notifications are not set up on this server. The bell still lists them.",
    blocked: "Notifications are blocked for this site. Allow them in your browser's settings, then turn this on.",
    off: "Get notified on this device even when Hatid is closed.",
    on: "This device shows Hatid notifications.",
  };
  const usable = state === "on" || state === "off" || state === "blocked";
  return (
    <section className="card stack" aria-labelledby="push-title">
      <h2 id="push-title">Notifications</h2>
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={state === "on"}
          disabled={!usable || busy}
          aria-describedby="push-hint"
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        <span>Push notifications on this device</span>
      </label>
      <p id="push-hint" className="muted">
        {hint[state]}
      </p>
    </section>
  );
}
