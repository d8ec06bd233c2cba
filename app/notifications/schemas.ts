import { z } from "zod";

/** `POST /api/notifications/read`: `{ ids?: number[] }`; without ids, every notification is marked read. */
export const markReadSchema = z
  .object({
    ids: z
      .array(z.number({ invalid_type_error: "ids must be notification ids (numbers)" }).int("ids must be whole numbers").positive("ids must be positive"), {
        invalid_type_error: "ids must be a list of notification ids",
      })
      .max(100, "ids may list at most 100 notifications")
      .optional(),
  })
  .strict();

const base64Url = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be a string` })
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`);

export const pushEndpointSchema = z
  .string({ required_error: "endpoint is required", invalid_type_error: "endpoint must be a string" })
  .max(1000, "endpoint is too long")
  .url("endpoint must be an https URL")
  .refine((url) => url.startsWith("https://"), "endpoint must be an https URL");

/** `POST /api/push/subscriptions`: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64Url("keys.p256dh", 200), auth: base64Url("keys.auth", 100) },
    { required_error: "keys is required", invalid_type_error: "keys must be an object" },
  ),
});

/** `DELETE /api/push/subscriptions`: `{ endpoint }`. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
