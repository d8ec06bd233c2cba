import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCoopUser } from "~/coop/coop-access.server";
import { proposalView } from "~/coop/proposal-view.server";
import { openProposal } from "~/coop/open-proposal.server";
import { listProposals } from "~/coop/proposals.server";
import { mayOpen } from "~/coop/governance-rules";
import { proposalBodySchema } from "~/coop/governance-schemas";
import { apiHandler, readJsonBody } from "~/http/api.server";
import { readPageQuery } from "~/http/paging.server";
import { Refusal } from "~/http/refusal";
import { languageOf } from "~/i18n/i18n.server";

/**
 * `GET /api/proposals?cursor=&limit=` (riders, members and admins; customers 403): `{ proposals,
 * nextCursor }`, open ones first (soonest to close first), then closed ones (newest first).
 */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  const { cursor, limit } = readPageQuery(new URL(request.url));
  const page = await listProposals(context.cloudflare.env.DB, user.id, cursor, limit);
  const language = languageOf(request, user);
  return Response.json(
    { proposals: page.items.map((item) => proposalView(item, language)), nextCursor: page.nextCursor },
    { headers: { "Cache-Control": "no-store" } },
  );
});

/**
 * `POST /api/proposals` (member-owners and admins) with `{ kind, title, body, votingDays?, … }`
 * (app/coop/governance-schemas.ts): 201 with the proposal; 400 with each field's problem.
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  if (!mayOpen(user)) throw new Refusal(403, "server.governance.mayNotOpen");
  const body = await readJsonBody(request, proposalBodySchema);
  const record = await openProposal(context.cloudflare.env.DB, user, body);
  return Response.json(proposalView(record, languageOf(request, user)), {
    status: 201,
    headers: { "Cache-Control": "no-store" },
  });
});
