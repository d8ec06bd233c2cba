import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refusePage } from "~/auth/role-page.server";
import { ballotAction, coopPageUser, proposalPage } from "~/coop/coop-pages.server";
import { Refusal } from "~/http/refusal";

/** /coop/proposals/{id}: the proposal, its turnout (its totals once closed), and the member's ballot. */
export async function proposalLoader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, language, words } = await coopPageUser(request, env, "coop.meta.title");
  const page = await proposalPage(env, user, language, params.id ?? "");
  if (!page) refusePage(request, user, new Refusal(404, "server.governance.notFound"));
  return { page, ...words, title: `${page.proposal.title} · ${words.title}` };
}

/** Cast my vote / Change my vote (the `/api` ballot's rules and schema). */
export const proposalAction = ({ request, context, params }: ActionFunctionArgs) =>
  ballotAction(request, context.cloudflare.env, params.id ?? "");
