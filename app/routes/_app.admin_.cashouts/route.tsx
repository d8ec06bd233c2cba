import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { AdjustmentForm, CashoutQueue, RemittanceForm, RiderBalances } from "./admin-cashouts";
import { useT } from "~/i18n/i18n";
import { OwedFees, RefundsQueue } from "./admin-owed-refunds";
import adminStyles from "~/styles/admin.css";
import type { adminCashoutsLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminCashoutsLoader as loader, adminCashoutsAction as action } from "./route.server";

/** The admin's cash-out queue, remittances, adjustments, every rider's balance, refunds waiting and unpaid cancellation fees (docs/guide/money.md#rider-ledger; decision 0217). */
export default function AdminCashouts() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
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
