import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { cashoutsAction } from "~/admin/money-actions.server";
import { AccessDenied } from "~/components/access-denied";
import { newFormKey } from "~/forms/form-key.server";
import { AdjustmentForm, CashoutQueue, RemittanceForm, RiderBalances } from "~/ledger/admin-cashouts";
import { adminCashouts, riderBalances } from "~/ledger/cashouts.server";
import { useT } from "~/i18n/i18n";
import { OwedFees, RefundsQueue } from "~/payments/admin-owed-refunds";
import { owedFeesList } from "~/payments/owed-fees-admin.server";
import { pendingRefunds } from "~/payments/refunds.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["adminMoney", "server.ledger", "server.payments", "server.http", "server.validation"], title: "adminMoney.title.cashouts" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, queue: [], riders: [], owed: [], refunds: [], formKey: "", ...page };
  const [queue, riders, owed, refunds] = await Promise.all([adminCashouts(env.DB, "requested"), riderBalances(env.DB), owedFeesList(env.DB), pendingRefunds(env.DB)]);
  // The money forms' key, made at render (decision 0180): a double submit of one render books once.
  return { allowed: true as const, queue, riders, owed, refunds, formKey: newFormKey(), ...page };
}

/** Mark Paid / Reject, remittances, adjustments, refund retries and waivers: the page's own forms (decision 0187). */
export const action = ({ request, context }: ActionFunctionArgs) => cashoutsAction(request, context.cloudflare.env);

/** The admin's cash-out queue, remittances, adjustments, every rider's balance, refunds waiting and unpaid cancellation fees (PRODUCT.md, Money out; decision 0182). */
export default function AdminCashouts() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  const { queue, riders, owed, refunds, formKey } = data;
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.cashouts.heading")}</h1>
      <CashoutQueue cashouts={queue} formKey={formKey} />
      <RemittanceForm riders={riders} formKey={formKey} />
      <AdjustmentForm riders={riders} formKey={formKey} />
      <RiderBalances riders={riders} />
      <RefundsQueue refunds={refunds} formKey={formKey} />
      <OwedFees fees={owed} />
    </main>
  );
}
