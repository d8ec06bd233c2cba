import { z } from "zod";
import { DELIVERY_STATUSES } from "~/db/enums";

/** The body of `POST /api/deliveries/{id}/status` (spec section 7: `status`), shared by the page and the API. */
export const statusChangeSchema = z.object({
  status: z.enum(DELIVERY_STATUSES, {
    errorMap: () => ({ message: `Status must be one of ${DELIVERY_STATUSES.join(", ")}` }),
  }),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
