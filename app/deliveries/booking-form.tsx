import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  useInputControl,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CityPicker } from "~/cities/city-picker";
import { Spinner } from "~/components/spinner";
import { PACKAGE_SIZES, PACKAGE_TYPES } from "~/db/enums";
import { useMessageText, useT } from "~/i18n/i18n";
import { bookingSchema, LIMITS } from "~/deliveries/booking-schema";
import { RecentBookings } from "~/deliveries/recent-bookings";
import { ApiError, apiRequest } from "~/http/api-client";
import { PaymentMethodChoice, PromoCodeField } from "~/payments/payment-choice";
import { EstimatedCost, useEstimate, type Estimate } from "~/pricing/estimate";
import type { DeliveryView } from "~/deliveries/delivery-view";
import type { PaymentMethod } from "~/db/enums";
import { toast } from "~/toast/toast-store";
import type { loader } from "~/routes/_app.booking";
import { useOptionalUser } from "~/routes/_app";

/** The booking page's form (spec section 3), its recent bookings below. */
export const RECENT_BOOKINGS = 5;
/** How long a signed-out visitor reads "Login Required", and a booked customer the toast, before moving on. */
export const REDIRECT_DELAY_MS = 500;


export function BookingForm() {
  const { recent, nextCursor, invoiceAllowed, rateCard } = useLoaderData<typeof loader>();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("cash");
  const [paymentError, setPaymentError] = useState<string | undefined>();
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const user = useOptionalUser();
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);

  const [form, fields] = useForm({
    id: "booking",
    lastResult,
    constraint: getZodConstraint(bookingSchema),
    defaultValue: { packageType: "documents", packageSize: "small", isFragile: false, notifyRecipient: true },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingSchema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      const notifyRecipient = new FormData(event.currentTarget).get(fields.notifyRecipient.name) === "on";
      if (submission?.status !== "success") return;
      if (!user) {
        toast({ title: t("booking.loginRequired"), description: t("booking.loginRequiredToast"), variant: "destructive" });
        return;
      }
      if (!estimate.current) {
        setFormMessage(t("booking.waitForPrice"));
        toast({ title: t("app.error.title"), description: t("booking.waitForPrice"), variant: "destructive" });
        return;
      }
      setFormMessage(null);
      setSubmitting(true);
      try {
        const quoted = estimate.current;
        // The fees are sent as the spec describes; the server prices the booking itself.
        const booked = await apiRequest<DeliveryView>("POST", "/api/deliveries", {
          ...submission.value,
          paymentMethod,
          promoCode,
          // An unticked box sends nothing, which the schema's default would read as "on".
          notifyRecipient,
          baseFare: quoted.baseFare,
          distanceFee: quoted.distanceFee,
          sizeFee: quoted.sizeFee,
          totalFee: quoted.total,
          distance: quoted.distance,
          estimatedDuration: quoted.estimatedDuration,
        });
        toast({ title: t("booking.created") });
        setLastResult(undefined);
        form.reset();
        setPromoCode(null);
        setPaymentMethod("cash");
        // Online: on to the gateway's checkout; riders see the booking once it is paid.
        if (booked.payment.checkoutUrl) {
          window.location.assign(booked.payment.checkoutUrl);
          return;
        }
        revalidator.revalidate();
      } catch (error) {
        if (error instanceof ApiError && error.isUnauthorized) {
          toast({ title: t("booking.sessionExpired"), description: t("booking.sessionExpiredBody"), variant: "destructive" });
          setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
          return;
        }
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          const { promoCode: promoErrors, paymentMethod: methodErrors, ...fieldErrors } = error.fieldErrors;
          if (promoErrors?.[0]) {
            setPromoCode(null);
            setPromoError(promoErrors[0]);
          }
          setPaymentError(methodErrors?.[0]);
          setLastResult({ status: "error", initialValue: null, error: fieldErrors });
        }
        toast({ title: t("app.error.title"), description: t("booking.createFailed"), variant: "destructive" });
      } finally {
        setSubmitting(false);
      }
    },
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
  const estimate = useRef<Estimate | null>(null);
  estimate.current = estimateState === "ready" ? quote : null;
  useEffect(() => {
    if (estimateState === "ready") setFormMessage(null);
  }, [estimateState]);

  return (
    <main className="page booking-page">
      <h1>{t("booking.title")}</h1>
      <p className="muted">{t("booking.lead")}</p>

      <div className="page-columns">
        <form {...getFormProps(form)} className="booking-form" aria-labelledby="booking-form-title">
          <h2 id="booking-form-title" className="visually-hidden">
            {t("booking.detailsHeading")}
          </h2>
          <StopFields
            stop="pickup"
            address={fields.pickupAddress}
            city={fields.pickupCity}
            cityControl={pickupCity}
            phone={fields.pickupPhone}
            notes={fields.pickupNotes}
          />
          <StopFields
            stop="dropoff"
            address={fields.dropoffAddress}
            city={fields.dropoffCity}
            cityControl={dropoffCity}
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
              onChange={(method) => {
                setPaymentMethod(method);
                setPaymentError(undefined);
              }}
              invoiceAllowed={invoiceAllowed}
              error={paymentError}
            />
            <PromoCodeField
              applied={promoCode}
              error={promoError}
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

          <EstimatedCost state={estimateState} quote={quote} rateCard={rateCard} refusal={estimateRefusal} />

          {formMessage ? (
            <p className="field-error form-message" role="alert">
              {formMessage}
            </p>
          ) : null}
          <div className="booking-actions">
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? <Spinner /> : null}
              {t("booking.confirm")}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setLastResult(undefined);
                setFormMessage(null);
                form.reset();
              }}
            >
              {t("booking.cancel")}
            </button>
          </div>
        </form>

        <RecentBookings
          key={recent.map((delivery) => `${delivery.id}:${delivery.status}`).join(",") || "none"}
          recent={recent}
          nextCursor={nextCursor}
          pageSize={RECENT_BOOKINGS}
          onCancelled={() => revalidator.revalidate()}
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
  phone: TextField<Form>;
  notes: TextField<Form>;
}) {
  const { stop, address, city, cityControl, phone, notes } = props;
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
