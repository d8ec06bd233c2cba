import type { LinksFunction, ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PROPOSAL_KINDS, type ProposalKind } from "~/db/enums";
import { coopPageUser, newProposalPage, openProposalAction } from "~/coop/coop-pages.server";
import { NewProposalForm } from "./new-proposal-form";
import coopStyles from "~/styles/coop.css";
import { useT } from "~/i18n/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: coopStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Co-op · Hatid" },
];

const kindOf = (url: URL): ProposalKind => {
  const kind = url.searchParams.get("kind");
  return (PROPOSAL_KINDS as readonly string[]).includes(kind ?? "") ? (kind as ProposalKind) : "settings";
};

/** /coop/proposals/new?kind=: a member-owner or an admin opens a proposal. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, language, words } = await coopPageUser(request, env, "coop.meta.new");
  return { page: { kind: kindOf(new URL(request.url)), ...(await newProposalPage(env, user, language)) }, ...words };
}

export const action = ({ request, context }: ActionFunctionArgs) => openProposalAction(request, context.cloudflare.env);

export default function NewProposalPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.page) return null;
  const { kind, mayOpen, settings, formKey } = data.page;
  return (
    <main className="page stack-lg coop-page">
      <p>
        <Link to="/coop">{t("coop.back")}</Link>
      </p>
      <h1>{t("coop.new.heading")}</h1>
      {mayOpen ? (
        <NewProposalForm key={kind} kind={kind} settings={settings} formKey={formKey} />
      ) : (
        <p className="card">{t("coop.new.mayNotOpen")}</p>
      )}
    </main>
  );
}
