import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { decideClaim } from "~/coop/claim-decisions.server";
import { claimView } from "~/coop/claim-view";
import { claimDecisionSchema } from "~/coop/claim-schemas";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

/**
 * `POST /api/admin/claims/{id}/decision` with `{ decision: "approve" | "reject", reason }` (admins;
 * a reason is required to reject): 200 with the claim. Approving books the `benefit` entry once;
 * 409 when the claim is decided already, is in the members' vote, or the fund does not cover it.
 */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const admin = await requireApiRole({ request, context }, "admin");
  const decision = await readJsonBody(request, claimDecisionSchema);
  const claim = await decideClaim(context.cloudflare.env, admin, params.id ?? "", decision);
  return Response.json(claimView(claim), { headers: { "Cache-Control": "no-store" } });
});

export const loader = methodNotAllowed;
