import { BodyTooLargeError, readTextCapped } from "~/http/body-limit.server";
import { Refusal } from "~/http/refusal";
import type { SignatureVerdict } from "./signature";

/**
 * A gateway's webhook, read the one way both gateways (payments, payouts) need: the body read with
 * a cap (413 past it, while reading), the signature header checked over the raw bytes (401, nothing
 * changed, when missing, wrong or more than 5 minutes from now), then JSON. Answers the parsed body,
 * or the Refusal that refuses it.
 */
export async function readSignedWebhook(
  request: Request,
  {
    limit,
    header,
    verify,
    refusals = {
      missing: new Refusal(401, "server.payments.signatureMissing", { header }),
      invalid: new Refusal(401, "server.payments.signatureInvalid"),
    },
  }: {
    limit: number;
    header: string;
    verify: (signature: string | null, rawBody: string) => Promise<SignatureVerdict>;
    /** What refuses a missing credential and a wrong one (a signature by default; Xendit's callbacks carry a token). */
    refusals?: { missing: Refusal; invalid: Refusal };
  },
): Promise<{ ok: true; body: unknown } | { ok: false; refusal: Refusal }> {
  let rawBody: string;
  try {
    rawBody = await readTextCapped(request, limit);
  } catch (error) {
    return {
      ok: false,
      refusal:
        error instanceof BodyTooLargeError
          ? new Refusal(413, "server.payments.webhookTooLarge")
          : new Refusal(400, "server.payments.webhookNotJson"),
    };
  }
  const verdict = await verify(request.headers.get(header), rawBody);
  if (!verdict.ok) {
    return { ok: false, refusal: verdict.reason === "missing" ? refusals.missing : refusals.invalid };
  }
  try {
    return { ok: true, body: JSON.parse(rawBody) };
  } catch {
    return { ok: false, refusal: new Refusal(400, "server.payments.webhookNotJson") };
  }
}
