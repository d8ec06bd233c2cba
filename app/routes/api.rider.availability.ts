import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { availabilitySchema } from "~/riders/availability-schema";
import { requireRider, setRiderAvailability } from "~/riders/availability.server";

/** `POST /api/rider/availability` with `{ online }`: the rider goes online or offline; 200 `{ online }`. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const { online } = await readJsonBody(request, availabilitySchema);
  return Response.json({ online: await setRiderAvailability(getDb(context.cloudflare.env.DB), rider.id, online) });
});

export const loader = methodNotAllowed;
