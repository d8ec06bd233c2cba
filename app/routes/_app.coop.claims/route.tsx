import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ClaimForm, YourClaims } from "./claim-form";
import { claimsPage, fileClaimAction } from "~/coop/coop-money-pages.server";
import { coopPageUser } from "~/coop/coop-pages.server";
import coopStyles from "~/styles/coop.css";
import { useT } from "~/i18n/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: coopStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Co-op · Hatid" },
];

/** /coop/claims: a rider's claims on the member benefits fund, and the form to file one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, words } = await coopPageUser(request, env, "coop.claims.meta");
  return { page: await claimsPage(env, user), ...words };
}

export const action = ({ request, context }: ActionFunctionArgs) => fileClaimAction(request, context.cloudflare.env);

export default function ClaimsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.page) return null;
  const { mayFile, waitingMax, free, limit, claims, formKey } = data.page;
  return (
    <main className="page stack-lg coop-page">
      <p>
        <Link to="/coop">{t("coop.back")}</Link>
      </p>
      {!mayFile ? (
        <p className="card">{t("coop.claims.mayNotFile")}</p>
      ) : waitingMax ? (
        <p className="card" data-testid="claims-waiting-max">
          {t("coop.claims.waitingMax", { max: String(waitingMax) })}
        </p>
      ) : (
        <ClaimForm limit={limit} free={free} formKey={formKey} />
      )}
      <YourClaims claims={claims} />
    </main>
  );
}
