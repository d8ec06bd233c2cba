import { z } from "zod";
import { DELIVERY_STATUSES } from "~/db/enums";
import { safeText } from "~/validation/text";
import { HANDOVER_NOTE_MAX } from "./handover-code";

/** A peso amount: a number of at least 0 with at most 2 decimals. */
export const pesosField = (field: string, max = 100_000) =>
  z
    .number({ required_error: `${field} is required`, invalid_type_error: `${field} must be a number of pesos` })
    .min(0, `${field} cannot be negative`)
    .max(max, `${field} must be at most ${max} pesos`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${field} must have at most 2 decimals`);

/** The body of `POST /api/deliveries/{id}/status` (spec section 7: `status`), shared by the page and the API. */
export const statusChangeSchema = z.object({
  status: z.enum(DELIVERY_STATUSES, {
    errorMap: () => ({ message: `Status must be one of ${DELIVERY_STATUSES.join(", ")}` }),
  }),
  /**
   * Optional, for cancelling: the fee (pesos) the customer saw in the cancellation dialog. When the
   * fee that applies now differs (the free 2 minutes ran out, the rider arrived), the call answers
   * 409 and charges nothing, so the fee charged is always the fee the customer confirmed.
   */
  cancellationFee: pesosField("cancellationFee").optional(),
  /** Optional, for delivered: the 4-digit code the recipient gives the rider. */
  handoverCode: z
    .string({ invalid_type_error: "handoverCode must be text" })
    .regex(/^\d{4}$/, "handoverCode must be 4 digits")
    .optional(),
  /** Optional, for delivered without a code: why the recipient had none. */
  handoverNote: safeText(
    z
      .string({ invalid_type_error: "handoverNote must be text" })
      .trim()
      .min(1, "handoverNote cannot be empty")
      .max(HANDOVER_NOTE_MAX, `handoverNote must be at most ${HANDOVER_NOTE_MAX} characters`),
    "handoverNote",
  ).optional(),
}).superRefine((body, ctx) => {
  if (body.status !== "delivered" && (body.handoverCode !== undefined || body.handoverNote !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["handoverCode"], message: "handoverCode and handoverNote go only with status delivered" });
  }
  if (body.handoverCode !== undefined && body.handoverNote !== undefined) {
    ctx.addIssue({ code: "custom", path: ["handoverNote"], message: "Give either handoverCode or handoverNote, not both" });
  }
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
