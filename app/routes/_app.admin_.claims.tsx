import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
import { AdminClaims } from "~/coop/admin-claims";
import { claimsAction } from "~/coop/admin-claims-action.server";
import { adminClaimsQueue } from "~/coop/claims.server";
import { adminClaimItem } from "~/coop/claim-view";
import { fundBalance } from "~/coop/fund.server";
import { newFormKey } from "~/forms/form-key.server";
import { useT } from "~/i18n/i18n";
import { settingsInForce } from "~/settings/settings.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["adminMoney", "server.claims", "server.http", "server.validation", "server.ledger"], title: "adminMoney.title.claims" });
  if (denied) return denied;
  const empty = { allowed: true as const, fundBalance: 0, limit: 0, pending: [], inVote: [], decided: [], formKey: "", ...page };
  if (!user) return empty;
  const [queue, balance, settings] = await Promise.all([adminClaimsQueue(env.DB), fundBalance(env.DB), settingsInForce(env.DB)]);
  return {
    allowed: true as const,
    fundBalance: balance,
    limit: settings.settings.claimApprovalLimit,
    pending: queue.pending.map(adminClaimItem),
    inVote: queue.inVote.map(adminClaimItem),
    decided: queue.decided.map(adminClaimItem),
    // The decision forms' key, made at render (decision 0180): a double submit decides once.
    formKey: newFormKey(),
    ...page,
  };
}

/** Approve / Reject: the page's own forms (decision 0187). */
export const action = ({ request, context }: ActionFunctionArgs) => claimsAction(request, context.cloudflare.env);

/** Claims on the member benefits fund (issue 30): an admin decides those up to the co-op's limit. */
export default function AdminClaimsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.claims.heading")}</h1>
      <AdminClaims fundBalance={data.fundBalance} limit={data.limit} pending={data.pending} inVote={data.inVote} decided={data.decided} formKey={data.formKey} />
    </main>
  );
}
