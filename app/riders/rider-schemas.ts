import { z } from "zod";
import { RIDER_APPLICATION_STATUSES } from "~/db/enums";

/** Bodies and queries of the rider-management calls, shared by the pages and the server. */

const text = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional();

export const applicationStatusQuerySchema = z.object({
  status: z.enum(RIDER_APPLICATION_STATUSES, { errorMap: () => ({ message: "status must be submitted, approved or rejected" }) }).default("submitted"),
});

export const decisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { errorMap: () => ({ message: "decision must be approve or reject" }) }),
  note: optionalText("Note", 300),
});

export const suspendSchema = z.object({ reason: text("Reason", 200) });
