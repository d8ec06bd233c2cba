import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isDevelopment } from "~/providers/environment.server";
import { endVotingNow, proposalsStillVoting } from "./end-voting.server";
import { notFound } from "~/payments/sandbox-checkout.server";
import { formatManilaDateTime } from "~/i18n/manila";

export const meta: MetaFunction = () => [{ title: "Voting clock · Hatid" }, { name: "robots", content: "noindex" }];

/** `/dev/proposals`: proposals still open, each with End voting now (development only; 404 elsewhere). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  if (!isDevelopment(env)) throw notFound();
  return { proposals: await proposalsStillVoting(env.DB) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!isDevelopment(env)) throw notFound();
  const id = (await request.formData().catch(() => new FormData())).get("proposalId");
  if (typeof id !== "string" || !(await endVotingNow(env.DB, id)))
    return Response.json({ message: "Choose a proposal still open for voting." }, { status: 400 });
  return { ok: true };
}

export default function VotingClock() {
  const { proposals } = useLoaderData<typeof loader>();
  return (
    <main className="page stack-lg">
      <p className="badge">Development only</p>
      <h1>Voting clock</h1>
      <p className="muted">
        End a proposal's voting now; the next cron run (<code>curl http://localhost:8787/cdn-cgi/local/scheduled</code>)
        counts and closes it.
      </p>
      {proposals.length === 0 ? (
        <p className="muted">No proposal is open for voting.</p>
      ) : (
        <ul className="stack" data-testid="voting-proposals">
          {proposals.map((proposal) => (
            <li key={proposal.id} className="card row">
              <Link to={`/coop/proposals/${proposal.id}`}>{proposal.title}</Link>
              <span className="muted">
                {proposal.ended
                  ? "Voting over: the next cron closes it."
                  : `Closes ${formatManilaDateTime(proposal.closesAt)}`}
              </span>
              {proposal.ended ? null : (
                <Form method="post">
                  <input type="hidden" name="proposalId" value={proposal.id} />
                  <button type="submit" className="button" aria-label={`End voting now: ${proposal.title}`}>
                    End voting now
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
