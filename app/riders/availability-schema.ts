import { z } from "zod";
import { encodeMessage } from "~/i18n/message";

/** The body of `POST /api/rider/availability`, shared by the dashboard's Go Online button and the API. */
export const availabilitySchema = z.object({
  online: z.boolean({
    required_error: encodeMessage("server.riders.onlineRequired"),
    invalid_type_error: encodeMessage("server.riders.onlineRequired"),
  }),
});
