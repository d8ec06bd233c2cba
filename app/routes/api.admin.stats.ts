import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminStats } from "~/admin/stats.server";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

/** `GET /api/admin/stats` (admins only): today's and this month's figures, top riders, the coop fund. */
export const loader = apiHandler(["GET", "HEAD"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  return Response.json(await adminStats(args.context.cloudflare.env.DB, Date.now()), {
    headers: { "Cache-Control": "no-store" },
  });
});
export const action = methodNotAllowed;
