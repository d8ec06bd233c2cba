import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCoopUser } from "~/coop/coop-access.server";
import { claimPhotoResponse } from "~/coop/claims.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

/** `GET /api/coop/claims/{id}/photos/{n}`: a claim's document photo, to its claimant and admins only (401 anonymous, 403 anyone else). */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  return claimPhotoResponse(context.cloudflare.env, user, params.id ?? "", params.n ?? "");
});

export const action = methodNotAllowed;
