import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
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
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["adminMoney"], title: "adminMoney.title.cashouts" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, queue: [], riders: [], owed: [], refunds: [], ...page };
  const [queue, riders, owed, refunds] = await Promise.all([adminCashouts(env.DB, "requested"), riderBalances(env.DB), owedFeesList(env.DB), pendingRefunds(env.DB)]);
  return { allowed: true as const, queue, riders, owed, refunds, ...page };
}

/** The admin's cash-out queue, remittances, adjustments, every rider's balance, refunds waiting and unpaid cancellation fees (PRODUCT.md, Money out; decision 0182). */
export default function AdminCashouts() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const t = useT();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  const { queue, riders, owed, refunds } = data;
  const reload = () => revalidator.revalidate();
  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.cashouts.heading")}</h1>
      <CashoutQueue cashouts={queue} onDone={reload} />
      <RemittanceForm riders={riders} onDone={reload} />
      <AdjustmentForm riders={riders} onDone={reload} />
      <RiderBalances riders={riders} />
      <RefundsQueue refunds={refunds} onDone={reload} />
      <OwedFees fees={owed} onDone={reload} />
    </main>
  );
}
