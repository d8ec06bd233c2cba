import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { AdjustmentForm, CashoutQueue, RemittanceForm, RiderBalances } from "~/ledger/admin-cashouts";
import { adminCashouts, riderBalances } from "~/ledger/cashouts.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Cash-outs and Remittances · Hatid" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "admin");
  if (denied) return denied;
  if (!user) return { allowed: true as const, queue: [], riders: [] };
  const [queue, riders] = await Promise.all([adminCashouts(env.DB, "requested"), riderBalances(env.DB)]);
  return { allowed: true as const, queue, riders };
}

/** The admin's cash-out queue, remittances, adjustments and every rider's balance (PRODUCT.md, Money out). */
export default function AdminCashouts() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  if (!data.allowed) return <AccessDenied message="Access Denied: Admin access required for this page" />;
  const { queue, riders } = data;
  const reload = () => revalidator.revalidate();
  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">← Coop Admin Panel</Link>
      </p>
      <h1>Cash-outs and Remittances</h1>
      <CashoutQueue cashouts={queue} onDone={reload} />
      <RemittanceForm riders={riders} onDone={reload} />
      <AdjustmentForm riders={riders} onDone={reload} />
      <RiderBalances riders={riders} />
    </main>
  );
}
