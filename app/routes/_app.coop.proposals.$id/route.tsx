import {
  data as withStatus,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ballotAction, coopPageUser, proposalPage } from "~/coop/coop-pages.server";
import { BallotForm, ProposalDetails } from "~/coop/proposal-parts";
import coopStyles from "~/styles/coop.css";
import { useMessageText, useT } from "~/i18n/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: coopStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Co-op · Hatid" },
];

/** /coop/proposals/{id}: the proposal, its turnout (its totals once closed), and the member's ballot. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, language, words } = await coopPageUser(request, env, "coop.meta.title");
  const page = await proposalPage(env, user, language, params.id ?? "");
  if (!page) return withStatus({ page: null, missing: true, ...words }, { status: 404 });
  return { page, ...words, title: `${page.proposal.title} · ${words.title}` };
}

/** Cast my vote / Change my vote (the `/api` ballot's rules and schema). */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  ballotAction(request, context.cloudflare.env, params.id ?? "");

export default function ProposalPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const m = useMessageText();
  const back = (
    <p>
      <Link to="/coop">{t("coop.back")}</Link>
    </p>
  );
  if (!data.page) {
    return "missing" in data ? (
      <main className="page stack">
        {back}
        <p className="card" role="alert">
          {m("server.governance.notFound")}
        </p>
      </main>
    ) : null;
  }
  return (
    <main className="page stack-lg coop-page">
      {back}
      <ProposalDetails proposal={data.page.proposal} />
      <BallotForm proposal={data.page.proposal} mayVote={data.page.mayVote} />
    </main>
  );
}
