import { z } from "zod";
import { pesosField } from "~/deliveries/status-schema";

/** Bodies of the admin's delivery controls, shared by the admin page and the server. */
export const adminCancelSchema = z.object({
  reason: z
    .string({ required_error: "Reason is required", invalid_type_error: "Reason must be text" })
    .trim()
    .min(1, "Reason is required")
    .max(200, "Reason must be at most 200 characters"),
  fee: pesosField("fee").optional(),
});

export const adminAssignSchema = z.object({
  riderId: z
    .string({ required_error: "riderId is required", invalid_type_error: "riderId must be text" })
    .trim()
    .min(1, "riderId is required")
    .max(64, "riderId is not a rider"),
});
