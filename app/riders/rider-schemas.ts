import { z } from "zod";
import { RIDER_APPLICATION_STATUSES } from "~/db/enums";
import { encodeMessage } from "~/i18n/message";
import { lengthAtMost } from "~/forms/text";

/** Bodies and queries of the rider-management calls, shared by the pages and the server. */

const NOTE_MAX = 300;
const REASON_MAX = 200;

export const applicationStatusQuerySchema = z.object({
  status: z
    .enum(RIDER_APPLICATION_STATUSES, {
      errorMap: () => ({ message: encodeMessage("server.applications.statusInvalid") }),
    })
    .default("submitted"),
});

export const decisionSchema = z.object({
  decision: z.enum(["approve", "reject"], {
    errorMap: () => ({ message: encodeMessage("server.applications.decisionInvalid") }),
  }),
  note: z
    .string({ invalid_type_error: encodeMessage("server.applications.noteNotText") })
    .trim()
    .superRefine(lengthAtMost(NOTE_MAX, encodeMessage("server.applications.noteTooLong", { max: NOTE_MAX })))
    .optional(),
});

const reasonRequired = encodeMessage("server.riders.reasonRequired");
export const suspendSchema = z.object({
  reason: z
    .string({ required_error: reasonRequired, invalid_type_error: reasonRequired })
    .trim()
    .min(1, reasonRequired)
    .superRefine(lengthAtMost(REASON_MAX, encodeMessage("server.riders.reasonTooLong", { max: REASON_MAX }))),
});
