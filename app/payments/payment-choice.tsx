import { useId, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "~/db/enums";
import { PROMO_MESSAGES } from "~/pricing/discounts";
import { useMessageText, useT } from "~/i18n/i18n";
import { encodeMessage } from "~/i18n/message";

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
  const t = useT();
  const m = useMessageText();
  const methods = PAYMENT_METHODS.filter((method) => method !== "invoice" || invoiceAllowed);
  return (
    <fieldset className="field payment-methods">
      <legend>{t("booking.payment.method")}</legend>
      {methods.map((method) => (
        <label key={method} className={`payment-method payment-method-${method}`}>
          <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} />
          <span className="payment-method-name">{t(`app.label.method.${method}`)}</span>
          <span className="muted payment-method-hint">{t(`booking.payment.hint.${method}`)}</span>
        </label>
      ))}
      {error ? <p className="field-error">{m(error)}</p> : null}
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
  name,
}: {
  applied: string | null;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The form field the code is posted as (the booking form's `promoCode`): typed or applied, it goes with the form. */
  name?: string;
}) {
  const t = useT();
  const m = useMessageText();
  const id = useId();
  const [draft, setDraft] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;
  function apply() {
    const code = draft.trim();
    if (!code) return setLocalError(t("booking.promo.empty"));
    if (/[\s,;]/.test(code)) return setLocalError(encodeMessage(PROMO_MESSAGES.oneCode.id));
    setLocalError(null);
    onApply(code.toUpperCase());
  }
  return (
    <div className="field promo-field">
      <label htmlFor={id}>{t("booking.promo.label")}</label>
      {applied ? (
        <p className="row promo-applied">
          <span data-testid="promo-applied">{t("booking.promo.applied", { code: applied })}</span>
          {name ? <input type="hidden" name={name} value={applied} /> : null}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDraft("");
              onRemove();
            }}
          >
            {t("booking.promo.remove")}
          </button>
        </p>
      ) : (
        <div className="row promo-entry">
          <input
            id={id}
            name={name}
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
            {t("booking.promo.apply")}
          </button>
        </div>
      )}
      {shown ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {m(shown)}
        </p>
      ) : null}
    </div>
  );
}
