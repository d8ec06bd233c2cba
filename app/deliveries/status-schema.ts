import { z } from "zod";
import { DELIVERY_STATUSES } from "~/db/enums";

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
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
