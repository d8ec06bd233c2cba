import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCoopUser } from "~/coop/coop-access.server";
import { proposalView } from "~/coop/proposal-view.server";
import { getProposal } from "~/coop/proposals.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";

/** `GET /api/proposals/{id}` (riders, members and admins; customers 403): the proposal as the list shows it; 404 unknown. */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  const record = await getProposal(context.cloudflare.env.DB, params.id ?? "", user.id);
  return Response.json(proposalView(record, languageOf(request, user)), { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed;
