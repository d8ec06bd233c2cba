import { useId, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "~/db/enums";
import { PAYMENT_METHOD_LABELS } from "~/deliveries/booking-schema";
import { PROMO_MESSAGES } from "~/pricing/discounts";

const METHOD_HINTS: Record<PaymentMethod, string> = {
  cash: "Pay the rider at pickup or dropoff",
  gcash: "Pay now with GCash",
  maya: "Pay now with Maya",
  card: "Pay now by Visa or Mastercard",
  invoice: "Billed monthly to your business account",
};

/** The booking page's Payment section: how to pay (invoice only for business partners' customers). */
export function PaymentMethodChoice({
  name,
  value,
  onChange,
  invoiceAllowed,
  error,
}: {
  name: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  invoiceAllowed: boolean;
  error?: string;
}) {
  const methods = PAYMENT_METHODS.filter((method) => method !== "invoice" || invoiceAllowed);
  return (
    <fieldset className="field payment-methods">
      <legend>Payment method</legend>
      {methods.map((method) => (
        <label key={method} className={`payment-method payment-method-${method}`}>
          <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} />
          <span className="payment-method-name">{PAYMENT_METHOD_LABELS[method]}</span>
          <span className="muted payment-method-hint">{METHOD_HINTS[method]}</span>
        </label>
      ))}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/**
 * The promo field: Apply sends the code with the quote; the server decides whether it applies and
 * says why not (word for word). One code per booking.
 */
export function PromoCodeField({
  applied,
  error,
  onApply,
  onRemove,
}: {
  applied: string | null;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;
  function apply() {
    const code = draft.trim();
    if (!code) return setLocalError("Enter a promo code");
    if (/[\s,;]/.test(code)) return setLocalError(PROMO_MESSAGES.oneCode);
    setLocalError(null);
    onApply(code.toUpperCase());
  }
  return (
    <div className="field promo-field">
      <label htmlFor={id}>Promo code</label>
      {applied ? (
        <p className="row promo-applied">
          <span data-testid="promo-applied">{applied} applied</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDraft("");
              onRemove();
            }}
          >
            Remove
          </button>
        </p>
      ) : (
        <div className="row promo-entry">
          <input
            id={id}
            type="text"
            value={draft}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={32}
            placeholder="NEWCOOP"
            aria-describedby={shown ? `${id}-error` : undefined}
            aria-invalid={shown ? true : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                apply();
              }
            }}
          />
          <button type="button" className="button button-secondary" onClick={apply}>
            Apply
          </button>
        </div>
      )}
      {shown ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
