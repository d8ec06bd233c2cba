import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useInputControl,
  type FieldMetadata,
} from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { CityPicker } from "~/cities/city-picker";
import { Spinner } from "~/components/spinner";
import { PACKAGE_SIZES, PACKAGE_TYPES, PAYMENT_METHODS } from "~/db/enums";
import { useMessageText, useT } from "~/i18n/i18n";
import { bookingSchema, LIMITS } from "~/deliveries/booking-schema";
import { RecentBookings } from "~/deliveries/recent-bookings";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { PaymentMethodChoice, PromoCodeField } from "~/payments/payment-choice";
import { EstimatedCost, useEstimate, type Estimate } from "~/pricing/estimate";
import type { PaymentMethod } from "~/db/enums";
import type { action, loader } from "~/routes/_app.booking";
import { useOptionalUser } from "~/routes/_app";

/** The booking page's form (spec section 3), its recent bookings below. */
export const RECENT_BOOKINGS = 5;
/** How long a signed-out visitor reads "Login Required" before moving on. */
export const REDIRECT_DELAY_MS = 500;

/**
 * A Remix form posting to the /booking action (decision 0187): it books without JavaScript too
 * ("See the price" then shows the server's quote); with JavaScript the price follows the fields as
 * they are filled in. The key made at render time makes a double submit book once.
 */
export function BookingForm() {
  const { recent, nextCursor, invoiceAllowed, rateCard, bookingKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  // What was sent, when the server answered with the form again (a refusal; a quote without JavaScript).
  const sent = (answer?.initialValue ?? {}) as { paymentMethod?: unknown; promoCode?: unknown };
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(PAYMENT_METHODS.find((method) => method === sent.paymentMethod) ?? "cash");
  const [promoCode, setPromoCode] = useState<string | null>(typeof sent.promoCode === "string" && sent.promoCode.trim() ? sent.promoCode.trim().toUpperCase() : null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const user = useOptionalUser();
  const t = useT();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const serverEstimate = answer && "estimate" in answer ? (answer.estimate as Estimate) : null;
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/booking";

  const [form, fields] = useActionForm(bookingSchema, {
    id: "booking",
    lastResult: answer ?? null,
    defaultValue: { packageType: "documents", packageSize: "small", isFragile: false, notifyRecipient: true },
  });
  const pickupCity = useInputControl(fields.pickupCity);
  const dropoffCity = useInputControl(fields.dropoffCity);
  const { quote, state: estimateState, refusal: estimateRefusal } = useEstimate({
    pickupCity: pickupCity.value ?? "",
    dropoffCity: dropoffCity.value ?? "",
    pickupAddress: fields.pickupAddress.value ?? "",
    dropoffAddress: fields.dropoffAddress.value ?? "",
    packageSize: fields.packageSize.value ?? "",
    promoCode,
  }, (message) => {
    setPromoCode(null);
    setPromoError(message);
  });
  useEffect(() => {
    if (estimateState === "ready") setFormMessage(null);
  }, [estimateState]);
  // Without JavaScript (or before it runs) the price is the one "See the price" asked the server for.
  const shownState = estimateState === "ready" ? "ready" : serverEstimate ? "ready" : hydrated ? estimateState : "idle";
  const shownQuote = estimateState === "ready" ? quote : (serverEstimate ?? quote);
  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    // With JavaScript the price is shown before booking: wait for it.
    if (estimateState === "loading") {
      event.preventDefault();
      setFormMessage(t("booking.waitForPrice"));
    }
  }

  return (
    <main className="page booking-page">
      <h1>{t("booking.title")}</h1>
      <p className="muted">{t("booking.lead")}</p>

      <div className="page-columns">
        <Form method="post" {...formProps} onSubmit={onSubmit} className="booking-form" aria-labelledby="booking-form-title">
          <input type="hidden" name={FORM_KEY_FIELD} value={bookingKey} />
          <h2 id="booking-form-title" className="visually-hidden">
            {t("booking.detailsHeading")}
          </h2>
          <StopFields
            stop="pickup"
            address={fields.pickupAddress}
            city={fields.pickupCity}
            cityControl={pickupCity}
            cityTextName="pickupCityText"
            phone={fields.pickupPhone}
            notes={fields.pickupNotes}
          />
          <StopFields
            stop="dropoff"
            address={fields.dropoffAddress}
            city={fields.dropoffCity}
            cityControl={dropoffCity}
            cityTextName="dropoffCityText"
            phone={fields.dropoffPhone}
            notes={fields.dropoffNotes}
          />

          <fieldset className="card booking-section">
            <legend>{t("booking.package.legend")}</legend>
            <div className="field">
              <label htmlFor={fields.packageType.id}>{t("booking.package.type")}</label>
              <select {...getSelectProps(fields.packageType)}>
                {PACKAGE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`app.label.type.${type}`)}
                  </option>
                ))}
              </select>
              <FieldError field={fields.packageType} />
            </div>
            <fieldset className="field package-sizes" aria-describedby={fields.packageSize.errors?.length ? fields.packageSize.errorId : undefined}>
              <legend>{t("booking.package.size")}</legend>
              {PACKAGE_SIZES.map((size) => (
                <label key={size} className="package-size">
                  <input {...getInputProps(fields.packageSize, { type: "radio", value: size })} key={`${fields.packageSize.key}-${size}`} />
                  <span>{t(`app.label.size.${size}`)}</span>
                </label>
              ))}
              <FieldError field={fields.packageSize} />
            </fieldset>
            <div className="field">
              <label htmlFor={fields.packageDescription.id}>{t("booking.package.description")}</label>
              <textarea
                {...getTextareaProps(fields.packageDescription)}
                rows={2}
                maxLength={LIMITS.description}
                placeholder={t("booking.package.descriptionPlaceholder")}
              />
              <FieldError field={fields.packageDescription} />
            </div>
            <label className="checkbox-field">
              <input {...getInputProps(fields.isFragile, { type: "checkbox" })} key={fields.isFragile.key} />
              <span>{t("booking.package.fragile")}</span>
            </label>
            <label className="checkbox-field">
              <input {...getInputProps(fields.notifyRecipient, { type: "checkbox" })} key={fields.notifyRecipient.key} />
              <span>{t("booking.package.notifyRecipient")}</span>
            </label>
          </fieldset>

          <fieldset className="card booking-section">
            <legend>{t("booking.payment.legend")}</legend>
            <PaymentMethodChoice
              name="paymentMethod"
              value={paymentMethod}
              onChange={setPaymentMethod}
              invoiceAllowed={invoiceAllowed}
              error={fields.paymentMethod.errors?.[0]}
            />
            <PromoCodeField
              name={fields.promoCode.name}
              applied={promoCode}
              error={promoError ?? fields.promoCode.errors?.[0] ?? null}
              onApply={(code) => {
                setPromoError(null);
                setPromoCode(code);
              }}
              onRemove={() => {
                setPromoError(null);
                setPromoCode(null);
              }}
            />
          </fieldset>

          <EstimatedCost state={shownState} quote={shownQuote} rateCard={rateCard} refusal={estimateRefusal} />
          <noscript>
            <button type="submit" name="intent" value="quote" className="button button-secondary" formNoValidate>
              {t("booking.estimate.see")}
            </button>
          </noscript>

          {formMessage ? (
            <p className="field-error form-message" role="alert">
              {formMessage}
            </p>
          ) : null}
          <FormErrors errors={form.errors} className="field-error form-message" />
          <div className="booking-actions">
            <button type="submit" name="intent" value="book" className="button" disabled={submitting}>
              {submitting ? <Spinner /> : null}
              {t("booking.confirm")}
            </button>
            <button
              type="reset"
              className="button button-secondary"
              onClick={() => {
                setFormMessage(null);
                setPromoCode(null);
                setPromoError(null);
                setPaymentMethod("cash");
              }}
            >
              {t("booking.cancel")}
            </button>
          </div>
        </Form>

        <RecentBookings
          key={recent.map((delivery) => `${delivery.id}:${delivery.status}`).join(",") || "none"}
          recent={recent}
          nextCursor={nextCursor}
          pageSize={RECENT_BOOKINGS}
          userId={user?.id}
        />
      </div>
    </main>
  );
}

type TextField<Form extends Record<string, unknown>> = FieldMetadata<string | null | undefined, Form, string[]>;

function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  const m = useMessageText();
  return field.errors?.length ? (
    <p id={field.errorId} className="field-error">
      {m(field.errors[0]!)}
    </p>
  ) : null;
}

/** The pickup or the dropoff section: address, city, contact number and notes. */
function StopFields<Form extends Record<string, unknown>>(props: {
  stop: "pickup" | "dropoff";
  address: TextField<Form>;
  city: TextField<Form>;
  cityControl: { value: string | undefined; change: (value: string) => void; blur: () => void };
  cityTextName: string;
  phone: TextField<Form>;
  notes: TextField<Form>;
}) {
  const { stop, address, city, cityControl, cityTextName, phone, notes } = props;
  const t = useT();
  return (
    <fieldset className="card booking-section">
      <legend>{t(`booking.${stop}.legend`)}</legend>
      <div className="field">
        <label htmlFor={address.id}>{t(`booking.${stop}.address`)}</label>
        <input
          {...getInputProps(address, { type: "text" })}
          autoComplete="street-address"
          placeholder={t("booking.addressPlaceholder")}
          maxLength={LIMITS.address}
        />
        <FieldError field={address} />
      </div>
      <div className="field">
        <CityPicker
          key={city.key}
          id={city.id}
          label={t(`booking.${stop}.city`)}
          value={cityControl.value}
          onChange={cityControl.change}
          onBlur={cityControl.blur}
          errorId={city.errorId}
          errors={city.errors}
          textName={cityTextName}
        />
        <FieldError field={city} />
      </div>
      <div className="field">
        <label htmlFor={phone.id}>{t(`booking.${stop}.phone`)}</label>
        <input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" inputMode="tel" placeholder="09171234567" />
        <FieldError field={phone} />
      </div>
      <div className="field">
        <label htmlFor={notes.id}>
          {t(`booking.${stop}.notes`)} <span className="muted">{t("app.optional")}</span>
        </label>
        <textarea {...getTextareaProps(notes)} rows={2} maxLength={LIMITS.notes} placeholder={t(`booking.${stop}.notesPlaceholder`)} />
        <FieldError field={notes} />
      </div>
    </fieldset>
  );
}
