import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { listRiders } from "~/riders/riders.server";

/**
 * `GET /api/admin/riders` (admins): `{riders}`, the approved riders with phone, last seen, active
 * deliveries, deliveries of the last 30 days and suspension.
 */
export const loader = apiHandler(["GET", "HEAD"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const riders = await listRiders(args.context.cloudflare.env.DB);
  return Response.json({ riders }, { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed;
