import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { proposalLoader as loader } from "./route.server";
import { BallotForm, ProposalDetails } from "~/coop/proposal-parts";
import coopStyles from "~/styles/coop.css";
import { useT } from "~/i18n/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: coopStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Co-op · Hatid" },
];

export { proposalLoader as loader, proposalAction as action } from "./route.server";

export default function ProposalPage() {
  const { page } = useLoaderData<typeof loader>();
  const t = useT();
  const back = (
    <p>
      <Link to="/coop">{t("coop.back")}</Link>
    </p>
  );
  return (
    <main className="page stack-lg coop-page">
      {back}
      <ProposalDetails proposal={page.proposal} />
      <BallotForm proposal={page.proposal} mayVote={page.mayVote} />
    </main>
  );
}
