import { useRef } from "react";
import { IntentKeys } from "./api-client";

/**
 * The page's Idempotency-Keys, one per intent, kept across renders (PRODUCT.md, "Every money
 * action from an admin page carries an Idempotency-Key"): `keys.request("remittance", "POST", url, body)`.
 */
export function useIntentKeys(): IntentKeys {
  const keys = useRef<IntentKeys | null>(null);
  keys.current ??= new IntentKeys();
  return keys.current;
}
