import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { fundPage } from "~/coop/coop-money-pages.server";
import { FundMovements } from "./fund-movements";
import { coopPageUser } from "~/coop/coop-pages.server";
import coopStyles from "~/styles/coop.css";
import { useT } from "~/i18n/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: coopStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Co-op · Hatid" },
];

/** /coop/fund: the member benefits fund's balance and movements, for riders and admins. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { language, words } = await coopPageUser(request, env, "coop.fund.meta");
  return { page: await fundPage(env, language, new URL(request.url)), ...words };
}

export default function FundPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.page) return null;
  return (
    <main className="page stack-lg coop-page">
      <p>
        <Link to="/coop">{t("coop.back")}</Link>
      </p>
      <header className="stack">
        <h1>{t("coop.fund.heading")}</h1>
        <p className="muted">{t("coop.fund.lead")}</p>
      </header>
      <FundMovements fund={data.page} olderPage={data.page.olderPage} />
    </main>
  );
}
