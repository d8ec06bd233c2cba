import { lengthAtMost } from "~/forms/text";
import { z } from "zod";
import { encodeMessage as says } from "~/i18n/message";

/** `POST /api/admin/owed-fees/{id}/waive`'s body, also the page's Waive form (decision 0217). */
export const waiveSchema = z.object({
  reason: z
    .string({
      required_error: says("server.payments.waiveReasonRequired"),
      invalid_type_error: says("server.payments.waiveReasonNotText"),
    })
    .trim()
    .min(1, says("server.payments.waiveReasonRequired"))
    .superRefine(lengthAtMost(200, says("server.payments.waiveReasonTooLong", { max: 200 }))),
});
