import { useState } from "react";
import { ApiError } from "~/http/api-client";
import { toast } from "~/toast/toast-store";

/** Spec section 9: session errors redirect after about 0.5 s. */
const REDIRECT_DELAY_MS = 500;

/** 401 on a rider action: the spec's toast, then the sign-in route (/api/login sends to /). */
export function loggedOut() {
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
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
  const [busy, setBusy] = useState<string | null>(null);
  async function run<T>(key: string, call: () => Promise<T>, toasts: ActionToasts<T>) {
    setBusy(key);
    try {
      toast(toasts.success(await call()));
    } catch (error) {
      if (error instanceof ApiError && error.isUnauthorized) return loggedOut();
      const explains = toasts.explains ?? ((e: ApiError) => e.status < 500);
      toast({
        title: toasts.failure,
        description: error instanceof ApiError && explains(error) ? error.serverMessage : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
      onDone();
    }
  }
  return { busy, run };
}
