import { z } from "zod";

/** The 409 answer to an offline rider, also shown on the dashboard (a plain module: pages import it). */
export const OFFLINE_MESSAGE = "You are offline. Go online to see and accept deliveries.";

/** The body of `POST /api/rider/availability`, shared by the dashboard's Go Online button and the API. */
export const availabilitySchema = z.object({
  online: z.boolean({
    required_error: "online is required (true or false)",
    invalid_type_error: "online must be true or false",
  }),
});
