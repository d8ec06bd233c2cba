import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PAYMENT_METHOD_LABELS } from "~/deliveries/booking-schema";
import { formatPesos } from "~/money/money";
import { requireSandboxPayment, sendSandboxWebhook } from "~/payments/sandbox-checkout.server";

export const meta: MetaFunction = () => [{ title: "Sandbox checkout · Hatid" }, { name: "robots", content: "noindex" }];

/** `/dev/pay/{paymentId}`: the local sandbox gateway's checkout page (development only). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { payment, delivery } = await requireSandboxPayment(request, context.cloudflare.env, params.paymentId ?? "");
  return {
    paymentId: payment.id,
    deliveryId: delivery.id,
    amount: payment.amount,
    method: payment.method,
    status: payment.status,
  };
}

/** Pay or Fail: a correctly signed webhook to our own handler, then back to the tracking page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { payment, delivery } = await requireSandboxPayment(request, env, params.paymentId ?? "");
  const outcome = (await request.formData()).get("outcome");
  if (outcome !== "paid" && outcome !== "failed")
    return Response.json({ message: "Choose Pay or Fail" }, { status: 400 });
  if (payment.status === "pending" || payment.status === "failed") {
    const answer = await sendSandboxWebhook(env, new URL(request.url).origin, payment, outcome);
    if (!answer.ok) return Response.json({ message: `The webhook was refused (${answer.status})` }, { status: 502 });
  }
  return redirect(`/tracking/${delivery.id}`);
}

export default function SandboxCheckout() {
  const { amount, method, status, deliveryId } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const payable = status === "pending" || status === "failed";
  return (
    <main className="centered-page">
      <section className="card stack sandbox-checkout" aria-labelledby="sandbox-heading">
        <p className="badge">Sandbox: no real money moves</p>
        <h1 id="sandbox-heading">Pay for your delivery</h1>
        <dl className="details">
          <dt>Amount</dt>
          <dd data-testid="sandbox-amount">{formatPesos(amount)}</dd>
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABELS[method]}</dd>
          <dt>Status</dt>
          <dd>
            {status === "failed"
              ? "The last attempt failed"
              : status === "pending"
                ? "Waiting for payment"
                : "Already settled"}
          </dd>
        </dl>
        {payable ? (
          <Form method="post" className="row">
            <button type="submit" name="outcome" value="paid" className="button" disabled={busy}>
              Pay {formatPesos(amount)}
            </button>
            <button type="submit" name="outcome" value="failed" className="button button-secondary" disabled={busy}>
              Fail
            </button>
          </Form>
        ) : (
          <Link to={`/tracking/${deliveryId}`} className="button">
            Back to tracking
          </Link>
        )}
      </section>
    </main>
  );
}
