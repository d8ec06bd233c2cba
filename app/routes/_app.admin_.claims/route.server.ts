import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { claimsAction } from "./admin-claims-action.server";
import { adminClaimsQueue } from "~/coop/claims.server";
import { adminClaimItem } from "~/coop/claim-view";
import { fundStanding } from "~/coop/fund.server";
import { newFormKey } from "~/forms/form-key.server";
import { settingsInForce } from "~/settings/settings.server";

export async function adminClaimsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: [
      "adminMoney",
      "coop.claims.kind",
      "server.claims",
      "server.http",
      "server.validation",
      "server.ledger",
    ],
    title: "adminMoney.title.claims",
  });
  const [queue, fund, settings] = await Promise.all([
    adminClaimsQueue(env.DB),
    fundStanding(env.DB),
    settingsInForce(env.DB),
  ]);
  return {
    fundBalance: fund.balance,
    owed: fund.owed,
    limit: settings.settings.claimApprovalLimit,
    pending: queue.pending.map(adminClaimItem),
    inVote: queue.inVote.map(adminClaimItem),
    waiting: queue.waiting.map(adminClaimItem),
    decided: queue.decided.map(adminClaimItem),
    // The decision forms' key, made at render (decision 0180): a double submit decides once.
    formKey: newFormKey(),
    ...page,
  };
}

/** Approve / Reject: the page's own forms (decision 0187). */
export const adminClaimsAction = ({ request, context }: ActionFunctionArgs) =>
  claimsAction(request, context.cloudflare.env);
