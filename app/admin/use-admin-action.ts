import { useState } from "react";
import { ApiError } from "~/http/api-client";
import { useT } from "~/i18n/i18n";

/** The server's refusal (in the caller's language already), or `tryAgain` (the page's "Please try again."). */
export function failure(error: unknown, tryAgain: string): string {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : tryAgain;
}

/**
 * An admin's action on one item of a queue (settle a cash-out, waive a fee): `run` marks it busy,
 * calls the API, then `onDone`; a refusal becomes the item's error.
 */
export function useAdminAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>();
  const t = useT();
  async function run(call: () => Promise<void>) {
    setBusy(true);
    try {
      await call();
      setError(undefined);
      onDone();
    } catch (caught) {
      setError([failure(caught, t("adminMoney.tryAgain"))]);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
