import { z } from "zod";
import { encodeMessage } from "~/i18n/message";
import { decisionSchema, suspendSchema } from "~/riders/rider-schemas";

/** The forms of /admin/riders: each its `/api` route's schema, with the id its URL carries there. */
const id = () =>
  z
    .string({ required_error: encodeMessage("server.http.bodyUnreadable") })
    .trim()
    .min(1)
    .max(100);
export const suspendFormSchema = suspendSchema.extend({ riderId: id() });
export const riderFormSchema = z.object({ riderId: id() });
export const decisionFormSchema = decisionSchema.extend({ applicationId: id() });
export const messageFormSchema = z.object({ messageId: id() });
