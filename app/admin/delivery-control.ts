import { z } from "zod";
import { pesosField } from "~/deliveries/status-schema";
import { encodeMessage, word } from "~/i18n/message";
import { lengthAtMost } from "~/forms/text";

/** Bodies of the admin's delivery controls, shared by the admin page and the server. */
const REASON_MAX = 200;
const REASON_REQUIRED = encodeMessage("server.admin.reasonRequired");
const RIDER_REQUIRED = encodeMessage("server.admin.riderRequired");

export const adminCancelSchema = z.object({
  reason: z
    .string({ required_error: REASON_REQUIRED, invalid_type_error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .superRefine(lengthAtMost(REASON_MAX, encodeMessage("server.admin.reasonTooLong", { max: REASON_MAX }))),
  fee: pesosField(word("server.deliveries.word.cancellationFee")).optional(),
});

export const adminAssignSchema = z.object({
  riderId: z
    .string({ required_error: RIDER_REQUIRED, invalid_type_error: RIDER_REQUIRED })
    .trim()
    .min(1, RIDER_REQUIRED)
    .max(64, encodeMessage("server.admin.notAssignable")),
});

/** The dashboard's forms: the `/api` routes' bodies with the delivery their URL names (decision 0187). */
const deliveryId = () =>
  z
    .string({ required_error: encodeMessage("server.http.bodyUnreadable") })
    .trim()
    .min(1)
    .max(100);
export const cancelFormSchema = adminCancelSchema.extend({ deliveryId: deliveryId() });
export const assignFormSchema = adminAssignSchema.extend({ deliveryId: deliveryId() });
