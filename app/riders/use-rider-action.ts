import type { useT } from "~/i18n/i18n";
import { toast } from "~/components/toast-store";

/** A session error redirects after about 0.5 s. */
const REDIRECT_DELAY_MS = 500;

/**
 * 401 on a rider action: the "Unauthorized" toast (in the page's language: pass the page's `t`), then the
 * sign-in route (/api/login sends to /).
 */
export function loggedOut(t: ReturnType<typeof useT>) {
  toast({ title: t("rider.toast.unauthorized"), description: t("rider.toast.loggedOut"), variant: "destructive" });
  setTimeout(() => window.location.assign("/api/login"), REDIRECT_DELAY_MS);
}
