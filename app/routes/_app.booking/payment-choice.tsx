import { useId, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "~/db/enums";
import { PROMO_MESSAGES } from "~/pricing/fare-discounts";
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
 * says why not (word for word). One code per booking. With JavaScript, Apply and Remove change the
 * quote in place; without it (or before it runs) they post the form with every field as typed
 * (`applyPromo`, `removePromo`, to `formAction`), and the page comes back at the field. A code the
 * server refused stays in the box with why, Apply (again) and Remove.
 */
export function PromoCodeField({
  id,
  applied,
  error,
  onApply,
  onRemove,
  name,
  initialDraft = "",
  hydrated = true,
  formAction,
}: {
  /** The field's anchor, where the page lands after Apply or Remove without JavaScript. */
  id?: string;
  applied: string | null;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The form field the code is posted as (the booking form's `promoCode`): typed or applied, it goes with the form. */
  name?: string;
  /** The code in the box when the page comes (the one the server refused). */
  initialDraft?: string;
  /** Whether the page's JavaScript runs: until it does, Apply and Remove post the form. */
  hydrated?: boolean;
  formAction?: string;
}) {
  const t = useT();
  const m = useMessageText();
  const inputId = useId();
  const [draft, setDraft] = useState(initialDraft);
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;
  function apply() {
    const code = draft.trim();
    if (!code) return setLocalError(t("booking.promo.empty"));
    if (/[\s,;]/.test(code)) return setLocalError(encodeMessage(PROMO_MESSAGES.oneCode.id));
    setLocalError(null);
    onApply(code.toUpperCase());
  }
  function remove() {
    setDraft("");
    setLocalError(null);
    onRemove();
  }
  /** A button that posts the form with `intent` until the page's JavaScript runs, then calls `run`. */
  const step = (intent: "applyPromo" | "removePromo", label: string, run: () => void) => (
    <button
      type={hydrated ? "button" : "submit"}
      name="intent"
      value={intent}
      formAction={formAction}
      formNoValidate
      className="button button-secondary"
      onClick={(event) => {
        event.preventDefault();
        run();
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="field promo-field form-answer-target" id={id}>
      <label htmlFor={inputId}>{t("booking.promo.label")}</label>
      {applied ? (
        <p className="row promo-applied">
          <span data-testid="promo-applied">{t("booking.promo.applied", { code: applied })}</span>
          {name ? <input type="hidden" name={name} value={applied} /> : null}
          {step("removePromo", t("booking.promo.remove"), remove)}
        </p>
      ) : (
        <div className="row promo-entry">
          <input
            id={inputId}
            name={name}
            type="text"
            value={draft}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={32}
            placeholder="NEWCOOP"
            aria-describedby={shown ? `${inputId}-error` : undefined}
            aria-invalid={shown ? true : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                apply();
              }
            }}
          />
          {step("applyPromo", t("booking.promo.apply"), apply)}
          {shown && draft.trim() ? step("removePromo", t("booking.promo.remove"), remove) : null}
        </div>
      )}
      {shown ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {m(shown)}
        </p>
      ) : null}
    </div>
  );
}
