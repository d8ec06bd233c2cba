import { z } from "zod";
import { encodeMessage } from "~/i18n/message";

/** The body of `POST /api/rider/availability`, shared by the dashboard's Go Online button and the API. */
export const availabilitySchema = z.object({
  online: z.boolean({
    required_error: encodeMessage("server.riders.onlineRequired"),
    invalid_type_error: encodeMessage("server.riders.onlineRequired"),
  }),
});

/**
 * Go Online / Go Offline as a form posts it (`online` = "true" or "false"), read into the same
 * schema: a form has no booleans, and conform reads only "on" as true.
 */
export const availabilityFormSchema = z
  .object({
    online: z.enum(["true", "false"], { errorMap: () => ({ message: encodeMessage("server.riders.onlineRequired") }) }),
  })
  .transform(({ online }) => ({ online: online === "true" }))
  .pipe(availabilitySchema);
