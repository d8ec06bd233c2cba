import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { getPartner } from "~/partners/partners.server";

/** `GET /api/admin/partners/{id}`: the partner and its customers. */
export const loader = apiHandler(["GET"], async ({ request, context, params }: LoaderFunctionArgs) => {
  await requireApiRole({ request, context }, "admin");
  return Response.json(await getPartner(getDb(context.cloudflare.env.DB), params.id ?? ""));
});

export const action = methodNotAllowed;
