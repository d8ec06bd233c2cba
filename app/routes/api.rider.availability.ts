import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { availabilitySchema } from "~/riders/availability-schema";
import { requireRider } from "~/riders/availability.server";
import { riderGoesOnline } from "~/riders/rider-steps.server";

/** `POST /api/rider/availability` with `{ online }`: the rider goes online or offline; 200 `{ online }`. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const { online } = await readJsonBody(request, availabilitySchema);
  return Response.json({ online: await riderGoesOnline(context.cloudflare.env, rider, online) });
});

export const loader = methodNotAllowed;
