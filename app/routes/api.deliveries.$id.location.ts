import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { coordinatesSchema } from "~/tracking/channel-messages";
import { requireVisibleDelivery, shareLocation } from "~/tracking/room.server";

/**
 * `POST /api/deliveries/{id}/location` `{latitude, longitude}`: the rider's position over HTTP, for
 * riders without a working socket. Same rules, limit and broadcast as a socket's `location_update`.
 * 401 anonymous, 403 not a rider, 404 not visible, 400 bad body, 403 not the assigned rider,
 * 409 wrong status, 429 within a second of the last accepted update.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const { env } = args.context.cloudflare;
  const rider = await requireApiRole(args, "rider");
  const deliveryId = args.params.id ?? "";
  await requireVisibleDelivery(env, rider, deliveryId);
  const coordinates = await readJsonBody(args.request, coordinatesSchema);
  return shareLocation(env, { userId: rider.id, role: rider.role }, deliveryId, coordinates);
});

export const loader = methodNotAllowed;
