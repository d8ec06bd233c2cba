import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { idPhotoResponse } from "~/pricing/id-discounts.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

/** `GET /api/admin/id-discounts/{id}/image`: the ID photo, to admins only (401/403 to anyone else). */
export const loader = apiHandler(["GET"], async ({ request, context, params }: LoaderFunctionArgs) => {
  await requireApiRole({ request, context }, "admin");
  return idPhotoResponse(context.cloudflare.env, params.id ?? "");
});

export const action = methodNotAllowed;
