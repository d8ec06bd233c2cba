import { useEffect, useState } from "react";
import { ActionDialog } from "~/components/action-dialog";
import { ApiError, apiRequest } from "~/http/api-client";
import { formatPesoAmount, type Pesos } from "~/money/money";
import { toast } from "~/toast/toast-store";
import type { DeliveryStatus } from "~/db/enums";
import { useT } from "~/i18n/i18n";

interface CancellationQuote {
  allowed: boolean;
  fee: Pesos;
  /** Why, in the caller's language (the server words it). */
  reason: string;
  /** The part of the fee added to the customer's next booking (nothing to take it from now). */
  owed?: Pesos;
}

/** The customer may try to cancel while pending or assigned (the server decides the rest). */
export const customerMayCancel = (status: DeliveryStatus) => status === "pending" || status === "assigned";

/**
 * The customer's Cancel button and dialog (Your Recent Bookings, the tracking page). Opening it
 * asks the server what cancelling now costs (`GET /api/deliveries/{id}/cancellation`) and states
 * that fee; confirming cancels through the status call with that fee, which the server charges
 * exactly or refuses (409) if it changed meanwhile, so the fee shown is the fee charged.
 */
export function CancelDeliveryButton({ deliveryId, onCancelled }: { deliveryId: string; onCancelled: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setQuote(null);
    setLoadError(null);
    apiRequest<CancellationQuote>("GET", `/api/deliveries/${deliveryId}/cancellation`)
      .then((answer) => current && setQuote(answer))
      .catch((error: unknown) => current && setLoadError(error instanceof ApiError ? error.serverMessage : t("app.cancel.checkFailed")));
    return () => {
      current = false;
    };
  }, [open, deliveryId]);

  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>
        {t("app.cancel.button")}
      </button>
      <ActionDialog
        open={open}
        title={t("app.cancel.title")}
        confirmLabel={quote && quote.fee > 0 ? t("app.cancel.confirmWithFee", { amount: formatPesoAmount(quote.fee) }) : t("app.cancel.confirm")}
        busyLabel={t("app.cancel.busy")}
        danger
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          if (!quote?.allowed) throw new Error("not allowed");
          try {
            await apiRequest("POST", `/api/deliveries/${deliveryId}/status`, { status: "cancelled", cancellationFee: quote.fee });
          } catch (error) {
            // The fee changed meanwhile: show the new one and let the customer decide again.
            if (error instanceof ApiError && error.status === 409) {
              apiRequest<CancellationQuote>("GET", `/api/deliveries/${deliveryId}/cancellation`).then(setQuote, () => undefined);
            }
            throw error;
          }
          toast({
            title: t("app.cancel.done"),
            description: quote.fee > 0 ? t("app.cancel.doneWithFee", { fee: formatPesoAmount(quote.fee) }) : t("app.cancel.doneFree"),
          });
          onCancelled();
        }}
      >
        {loadError ? (
          <p className="field-error" role="alert">
            {loadError}
          </p>
        ) : !quote ? (
          <p className="muted" role="status">
            {t("app.cancel.checking")}
          </p>
        ) : quote.allowed ? (
          <div className="stack" data-testid="cancellation-quote">
            <p>
              {t("app.cancel.fee")} <strong data-testid="cancellation-fee">{formatPesoAmount(quote.fee)}</strong>
            </p>
            <p className="muted">{quote.reason}</p>
            {quote.owed ? <p className="muted" data-testid="cancellation-owed">{t("app.cancel.owedNote", { amount: formatPesoAmount(quote.owed) })}</p> : null}
          </div>
        ) : (
          <p className="notice">{quote.reason}</p>
        )}
      </ActionDialog>
    </>
  );
}
