import { z } from "zod";
import { encodeMessage } from "~/i18n/message";

/** `POST /api/notifications/read`: `{ ids?: number[] }`; without ids, every notification is marked read. */
export const markReadSchema = z
  .object({
    ids: z
      .array(
        z
          .number({
            required_error: encodeMessage("server.messaging.readIdNotNumber"),
            invalid_type_error: encodeMessage("server.messaging.readIdNotNumber"),
          })
          .int(encodeMessage("server.messaging.readIdNotWhole"))
          .positive(encodeMessage("server.messaging.readIdNotWhole")),
        { invalid_type_error: encodeMessage("server.messaging.readIdsNotList") },
      )
      .max(100, encodeMessage("server.messaging.readIdsTooMany", { max: 100 }))
      .optional(),
  })
  .strict(encodeMessage("server.messaging.readOnlyIds"));

const base64Url = (key: "p256dh" | "auth", max: number) =>
  z
    .string({
      required_error: encodeMessage("server.messaging.pushKeyMissing", { key }),
      invalid_type_error: encodeMessage("server.messaging.pushKeyInvalid", { key }),
    })
    .min(1, encodeMessage("server.messaging.pushKeyMissing", { key }))
    .max(max, encodeMessage("server.messaging.pushKeyInvalid", { key }))
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, encodeMessage("server.messaging.pushKeyInvalid", { key }));

const notHttps = encodeMessage("server.messaging.pushEndpointNotHttps");
const pushEndpointSchema = z
  .string({ required_error: encodeMessage("server.messaging.pushEndpointMissing"), invalid_type_error: notHttps })
  .max(1000, encodeMessage("server.messaging.pushEndpointTooLong", { max: 1000 }))
  .url(notHttps)
  .refine((url) => url.startsWith("https://"), notHttps);

/** `POST /api/push/subscriptions`: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z
    .number({ invalid_type_error: encodeMessage("server.messaging.pushExpiryInvalid") })
    .nullable()
    .optional(),
  keys: z.object(
    { p256dh: base64Url("p256dh", 200), auth: base64Url("auth", 100) },
    {
      required_error: encodeMessage("server.messaging.pushKeysMissing"),
      invalid_type_error: encodeMessage("server.messaging.pushKeysMissing"),
    },
  ),
});

/** `DELETE /api/push/subscriptions`: `{ endpoint }`. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
