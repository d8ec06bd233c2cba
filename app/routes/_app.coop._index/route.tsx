import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { coopPageUser, proposalListPage } from "~/coop/coop-pages.server";
import { ProposalListItem } from "~/coop/proposal-parts";
import coopStyles from "~/styles/coop.css";
import { useT } from "~/i18n/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: coopStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Co-op · Hatid" },
];

/** /coop: the co-op's proposals, open ones first, for riders (members or not) and admins. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, language, words } = await coopPageUser(request, env, "coop.meta.title");
  return { page: await proposalListPage(env, user, language, new URL(request.url)), ...words };
}

export default function CoopPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.page) return null;
  const { proposals, nextCursor, olderPage, mayOpen } = data.page;
  return (
    <main className="page stack-lg coop-page">
      <header className="stack">
        <h1>{t("coop.heading")}</h1>
        <p className="muted">{t("coop.lead")}</p>
        <p className="coop-links">
          {mayOpen ? (
            <Link className="button" to="/coop/proposals/new">
              {t("coop.open")}
            </Link>
          ) : null}
          <Link className="button button-secondary" to="/coop/fund">
            {t("coop.fund.link")}
          </Link>
          <Link className="button button-secondary" to="/coop/claims">
            {t("coop.claims.link")}
          </Link>
        </p>
      </header>
      <section aria-labelledby="proposals-title" className="stack">
        <h2 id="proposals-title">{t("coop.list.heading")}</h2>
        {proposals.length === 0 ? (
          <p className="card muted">{t("coop.list.empty")}</p>
        ) : (
          <ul className="proposal-list stack" data-testid="proposals">
            {proposals.map((proposal) => (
              <ProposalListItem key={proposal.id} proposal={proposal} />
            ))}
          </ul>
        )}
        <p className="row">
          {olderPage ? <Link to="/coop">{t("coop.list.newest")}</Link> : null}
          {nextCursor ? (
            <Link to={`/coop?cursor=${encodeURIComponent(nextCursor)}`}>{t("coop.list.older")}</Link>
          ) : null}
        </p>
      </section>
    </main>
  );
}
