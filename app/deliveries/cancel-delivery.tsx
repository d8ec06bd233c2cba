import { Link, useActionData, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Spinner } from "~/components/spinner";
import type { DeliveryStatus } from "~/db/enums";
import { FormErrors } from "~/forms/form-errors";
import type { FormAnswer } from "~/forms/form-action.server";
import { formatPesoAmount } from "~/money/money";
import { useT } from "~/i18n/i18n";
import type { CancellationQuote } from "./cancellation.server";

/** The customer may try to cancel while pending or assigned (the server decides the rest). */
export const customerMayCancel = (status: DeliveryStatus) => status === "pending" || status === "assigned";

/**
 * The customer's Cancel (Your Recent Bookings, the tracking page): opening it shows what cancelling
 * now costs (the loader's `quote`, from the policy the status change charges), and confirming posts
 * that fee to the tracking page's action, which charges exactly it or refuses (409) when it changed
 * meanwhile; the page then shows the new fee. A plain form in a disclosure: it works before and
 * without JavaScript. `redirectTo`: the page to come back to (default: the tracking page).
 */
export function CancelDeliveryButton({
  deliveryId,
  quote,
  redirectTo,
}: {
  deliveryId: string;
  quote: CancellationQuote | null;
  redirectTo?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<FormAnswer>();
  const revalidator = useRevalidator();
  const busy = fetcher.state !== "idle";
  // Without JavaScript the post renders the tracking page with the answer as its action data.
  const pageAnswer = useActionData<FormAnswer>();
  const answer = fetcher.data ?? (answeredFor(pageAnswer, "cancel", deliveryId) ? pageAnswer : undefined);
  const refused = answer?.status === "error";
  // A refusal (the fee changed): show the fee that applies now.
  useEffect(() => {
    if (refused && fetcher.state === "idle") revalidator.revalidate();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!quote) {
    // A booking loaded later ("Load more"): its tracking page has the Cancel form.
    return (
      <Link to={`/tracking/${deliveryId}#cancel-${deliveryId}`} className="button button-secondary button-small">
        {t("app.cancel.button")}
      </Link>
    );
  }
  return (
    <details className="cancel-delivery" id={`cancel-${deliveryId}`} open={refused || undefined}>
      <summary className="button button-secondary button-small" role="button">
        {t("app.cancel.button")}
      </summary>
      <fetcher.Form
        method="post"
        action={`/tracking/${deliveryId}`}
        className="cancel-panel stack"
        aria-label={t("app.cancel.title")}
      >
        <h3>{t("app.cancel.title")}</h3>
        {quote.allowed ? (
          <div className="stack" data-testid="cancellation-quote">
            <p>
              {t("app.cancel.fee")} <strong data-testid="cancellation-fee">{formatPesoAmount(quote.fee)}</strong>
            </p>
            <p className="muted">{quote.reason}</p>
            {quote.owed ? (
              <p className="muted" data-testid="cancellation-owed">
                {t("app.cancel.owedNote", { amount: formatPesoAmount(quote.owed) })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="notice">{quote.reason}</p>
        )}
        <FormErrors
          errors={
            answer?.error
              ? Object.values(answer.error)
                  .flat()
                  .filter((e): e is string => typeof e === "string")
              : null
          }
          className="field-errors"
        />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="deliveryId" value={deliveryId} />
        <input type="hidden" name="status" value="cancelled" />
        <input type="hidden" name="cancellationFee" value={String(quote.fee)} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {quote.allowed ? (
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? <Spinner /> : null}
            {busy
              ? t("app.cancel.busy")
              : quote.fee > 0
                ? t("app.cancel.confirmWithFee", { amount: formatPesoAmount(quote.fee) })
                : t("app.cancel.confirm")}
          </button>
        ) : null}
      </fetcher.Form>
    </details>
  );
}

/** Whether the page's action data answers this form (its `intent`, for this delivery). */
export function answeredFor(answer: FormAnswer | undefined, intent: string, deliveryId: string): answer is FormAnswer {
  const sent = answer?.initialValue as Record<string, unknown> | null | undefined;
  return sent?.intent === intent && (sent.deliveryId === undefined || sent.deliveryId === deliveryId);
}
