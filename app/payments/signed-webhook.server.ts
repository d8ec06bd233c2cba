import { BodyTooLargeError, readTextCapped } from "~/http/body-limit.server";
import { apiError } from "~/http/api.server";
import type { SignatureVerdict } from "./signature";

/**
 * A gateway's webhook, read the one way both gateways (payments, payouts) need: the body read with
 * a cap (413 past it, while reading), the signature header checked over the raw bytes (401, nothing
 * changed, when missing, wrong or more than 5 minutes from now), then JSON. Answers the parsed body,
 * or the Response that refuses it.
 */
export async function readSignedWebhook(
  request: Request,
  {
    limit,
    header,
    verify,
  }: { limit: number; header: string; verify: (signature: string | null, rawBody: string) => Promise<SignatureVerdict> },
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  let rawBody: string;
  try {
    rawBody = await readTextCapped(request, limit);
  } catch (error) {
    return { ok: false, response: error instanceof BodyTooLargeError ? apiError(413, "Webhook body too large") : apiError(400, "Webhook body must be valid JSON") };
  }
  const verdict = await verify(request.headers.get(header), rawBody);
  if (!verdict.ok) return { ok: false, response: apiError(401, verdict.reason === "missing" ? `Missing ${header} header` : "Invalid webhook signature") };
  try {
    return { ok: true, body: JSON.parse(rawBody) };
  } catch {
    return { ok: false, response: apiError(400, "Webhook body must be valid JSON") };
  }
}
