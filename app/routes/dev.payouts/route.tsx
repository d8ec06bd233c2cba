import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { formatPesos } from "~/money/money";
import {
  armedSandboxFailures,
  armSandboxFailure,
  disarmSandboxFailures,
  sandboxPageAllowed,
  sandboxPayouts,
} from "~/payments/sandbox-payouts.server";
import { notFound } from "~/payments/sandbox-checkout.server";

export const meta: MetaFunction = () => [{ title: "Payout sandbox · Hatid" }, { name: "robots", content: "noindex" }];

/** `/dev/payouts`: the payout sandbox's GCash payouts, and a switch that fails the next one (development only; 404 elsewhere). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  if (!sandboxPageAllowed(env)) throw notFound();
  const [payouts, armed] = await Promise.all([sandboxPayouts(env.DB), armedSandboxFailures(env.DB)]);
  return { payouts, armed };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!sandboxPageAllowed(env)) throw notFound();
  const intent = (await request.formData()).get("intent");
  if (intent === "fail-next") await armSandboxFailure(env.DB);
  else if (intent === "clear") await disarmSandboxFailures(env.DB);
  else return Response.json({ message: "Choose Fail the next payout or Clear" }, { status: 400 });
  return { ok: true };
}

export default function PayoutSandbox() {
  const { payouts, armed } = useLoaderData<typeof loader>();
  return (
    <main className="page stack-lg">
      <p className="badge">Sandbox: no real money moves</p>
      <h1>Payout sandbox</h1>
      <p className="muted">
        GCash cash-outs are sent here at once, with a callback shaped and authenticated as Xendit&apos;s
        (x-callback-token) to /api/payouts/webhook.
      </p>
      <Form method="post" className="row">
        <button type="submit" name="intent" value="fail-next" className="button">
          Fail the next payout
        </button>
        <button type="submit" name="intent" value="clear" className="button button-secondary" disabled={armed === 0}>
          Clear
        </button>
      </Form>
      <p data-testid="armed-failures">
        {armed === 0
          ? "The next payout succeeds."
          : `The next ${armed === 1 ? "payout fails" : `${armed} payouts fail`}.`}
      </p>
      {payouts.length === 0 ? (
        <p className="muted">No payouts yet.</p>
      ) : (
        <table className="table" data-testid="sandbox-payouts">
          <thead>
            <tr>
              <th>When</th>
              <th>Rider</th>
              <th>GCash</th>
              <th>Amount</th>
              <th>Status</th>
              <th>Payout id</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id} data-status={payout.status}>
                <td>{new Date(payout.requestedAt).toISOString().replace("T", " ").slice(0, 19)} UTC</td>
                <td>{payout.riderName}</td>
                <td>{payout.account}</td>
                <td>{formatPesos(payout.amount)}</td>
                <td>
                  {payout.status}
                  {payout.failureReason ? ` (${payout.failureReason})` : ""}
                </td>
                <td>{payout.providerPayoutId ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
