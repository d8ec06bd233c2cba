import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { cashoutsAction } from "~/admin/money-actions.server";
import { newFormKey } from "~/forms/form-key.server";
import { adminCashouts, riderBalances } from "~/ledger/cashouts.server";
import { owedFeesList } from "~/payments/owed-fees-admin.server";
import { pendingRefunds } from "~/payments/refunds.server";

export async function adminCashoutsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: ["adminMoney", "server.ledger", "server.payments", "server.http", "server.validation"],
    title: "adminMoney.title.cashouts",
  });
  const [queue, riders, owed, refunds] = await Promise.all([
    adminCashouts(env.DB, "requested"),
    riderBalances(env.DB),
    owedFeesList(env.DB),
    pendingRefunds(env.DB),
  ]);
  // The money forms' key, made at render (decision 0180): a double submit of one render books once.
  return { queue, riders, owed, refunds, formKey: newFormKey(), ...page };
}

/** Mark Paid / Reject, remittances, adjustments, refund retries and waivers: the page's own forms (decision 0187). */
export const adminCashoutsAction = ({ request, context }: ActionFunctionArgs) =>
  cashoutsAction(request, context.cloudflare.env);
