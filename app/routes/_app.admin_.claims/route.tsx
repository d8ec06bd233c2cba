import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { AdminClaims } from "./admin-claims";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import type { adminClaimsLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminClaimsLoader as loader, adminClaimsAction as action } from "./route.server";

/** Claims on the member benefits fund: an admin decides those up to the co-op's limit. */
export default function AdminClaimsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.claims.heading")}</h1>
      <AdminClaims
        fundBalance={data.fundBalance}
        owed={data.owed}
        limit={data.limit}
        pending={data.pending}
        inVote={data.inVote}
        waiting={data.waiting}
        decided={data.decided}
        formKey={data.formKey}
      />
    </main>
  );
}
