import { z } from "zod";

/** The body of `POST /api/rider/availability`, shared by the dashboard's Go Online button and the API. */
export const availabilitySchema = z.object({
  online: z.boolean({
    required_error: "online is required (true or false)",
    invalid_type_error: "online must be true or false",
  }),
});
export type AvailabilityChange = z.infer<typeof availabilitySchema>;
