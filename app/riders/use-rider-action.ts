import { useState } from "react";
import { ApiError } from "~/http/api-client";
import { useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";

/** Spec section 9: session errors redirect after about 0.5 s. */
const REDIRECT_DELAY_MS = 500;

/** 401 on a rider action: the spec's toast (in the page's language: pass the page's `t`), then the sign-in route (/api/login sends to /). */
export function loggedOut(t: ReturnType<typeof useT>) {
  toast({ title: t("rider.toast.unauthorized"), description: t("rider.toast.loggedOut"), variant: "destructive" });
  setTimeout(() => window.location.assign("/api/login"), REDIRECT_DELAY_MS);
}

export interface ActionToasts<T> {
  success: (answer: T) => { title: string; description?: string };
  failure: string;
  /** Whether the server's message explains a refusal to the rider (default: any 4xx). */
  explains?: (error: ApiError) => boolean;
}

/**
 * One rider action at a time (accept, a status step, release, Go Online): the call, the spec's
 * toasts, the 401 redirect, then `onDone` (the dashboard reloads its data).
 */
export function useRiderAction(onDone: () => void) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  async function run<T>(key: string, call: () => Promise<T>, toasts: ActionToasts<T>) {
    setBusy(key);
    try {
      toast(toasts.success(await call()));
    } catch (error) {
      if (error instanceof ApiError && error.isUnauthorized) return loggedOut(t);
      const explains = toasts.explains ?? ((e: ApiError) => e.status < 500);
      toast({
        title: toasts.failure,
        description: error instanceof ApiError && explains(error) ? error.serverMessage : t("rider.toast.tryAgain"),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
      onDone();
    }
  }
  return { busy, run };
}
