import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireCoopUser } from "~/coop/coop-access.server";
import { castBallot } from "~/coop/proposals.server";
import { mayVote } from "~/coop/governance-rules";
import { ballotBodySchema } from "~/coop/governance-schemas";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { Refusal } from "~/http/refusal";

/**
 * `PUT /api/proposals/{id}/ballot` with `{ choice: "yes" | "no" | "abstain" }` (member-owners who are
 * not suspended): 200 `{ turnout, youVoted: true }` (no totals before the close: decision 0216); a
 * second ballot replaces the first, and a repeat sets the same choice again, so an `Idempotency-Key`
 * is checked but not stored for this call (decision 0216). 401 anonymous, 403
 * a customer, a rider who is not a member, a suspended member or an admin who is not a member, 404
 * unknown, 409 after the close, 400 a bad choice.
 */
export const action = apiHandler(["PUT"], async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  if (!mayVote(user)) throw new Refusal(403, "server.governance.notMember");
  const { choice } = await readJsonBody(request, ballotBodySchema);
  const answer = await castBallot(context.cloudflare.env, user, params.id ?? "", choice);
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
});

export const loader = methodNotAllowed;
