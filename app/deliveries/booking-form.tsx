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
import { bookingSchema, LIMITS, PACKAGE_TYPE_LABELS } from "~/deliveries/booking-schema";
import { RecentBookings } from "~/deliveries/recent-bookings";
import { ApiError, apiRequest } from "~/http/api-client";
import { PaymentMethodChoice, PromoCodeField } from "~/payments/payment-choice";
import { EstimatedCost, useEstimate, type Estimate } from "~/pricing/estimate";
import { PACKAGE_SIZE_LABELS } from "~/pricing/rate-card";
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
        toast({ title: "Login Required", description: "Please log in to book a delivery", variant: "destructive" });
        return;
      }
      if (!estimate.current) {
        setFormMessage("Please wait for pricing calculation");
        toast({ title: "Error", description: "Please wait for pricing calculation", variant: "destructive" });
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
        toast({ title: "Delivery booking created successfully!" });
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
          toast({ title: "Session Expired", description: "Please log in again", variant: "destructive" });
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
        toast({ title: "Error", description: "Failed to create delivery booking", variant: "destructive" });
      } finally {
        setSubmitting(false);
      }
    },
  });

  const pickupCity = useInputControl(fields.pickupCity);
  const dropoffCity = useInputControl(fields.dropoffCity);
  const { quote, state: estimateState } = useEstimate({
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
      <h1>Book a Delivery</h1>
      <p className="muted">Send packages and food across the Philippines with riders who own the cooperative.</p>

      <div className="page-columns">
        <form {...getFormProps(form)} className="booking-form" aria-labelledby="booking-form-title">
          <h2 id="booking-form-title" className="visually-hidden">
            Delivery details
          </h2>
          <StopFields
            legend="Pickup Details"
            name="Pickup"
            address={fields.pickupAddress}
            city={fields.pickupCity}
            cityControl={pickupCity}
            phone={fields.pickupPhone}
            notes={fields.pickupNotes}
            notesPlaceholder="Landmarks, gate code, who to ask for"
          />
          <StopFields
            legend="Dropoff Details"
            name="Dropoff"
            address={fields.dropoffAddress}
            city={fields.dropoffCity}
            cityControl={dropoffCity}
            phone={fields.dropoffPhone}
            notes={fields.dropoffNotes}
            notesPlaceholder="Landmarks, who receives it"
          />

          <fieldset className="card booking-section">
            <legend>Package Details</legend>
            <div className="field">
              <label htmlFor={fields.packageType.id}>Package type</label>
              <select {...getSelectProps(fields.packageType)}>
                {PACKAGE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PACKAGE_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
              <FieldError field={fields.packageType} />
            </div>
            <fieldset className="field package-sizes" aria-describedby={fields.packageSize.errors?.length ? fields.packageSize.errorId : undefined}>
              <legend>Package size</legend>
              {PACKAGE_SIZES.map((size) => (
                <label key={size} className="package-size">
                  <input {...getInputProps(fields.packageSize, { type: "radio", value: size })} key={`${fields.packageSize.key}-${size}`} />
                  <span>{PACKAGE_SIZE_LABELS[size]}</span>
                </label>
              ))}
              <FieldError field={fields.packageSize} />
            </fieldset>
            <div className="field">
              <label htmlFor={fields.packageDescription.id}>Package description</label>
              <textarea
                {...getTextareaProps(fields.packageDescription)}
                rows={2}
                maxLength={LIMITS.description}
                placeholder="What are we delivering?"
              />
              <FieldError field={fields.packageDescription} />
            </div>
            <label className="checkbox-field">
              <input {...getInputProps(fields.isFragile, { type: "checkbox" })} key={fields.isFragile.key} />
              <span>Fragile: handle with care</span>
            </label>
            <label className="checkbox-field">
              <input {...getInputProps(fields.notifyRecipient, { type: "checkbox" })} key={fields.notifyRecipient.key} />
              <span>Text the recipient a tracking link</span>
            </label>
          </fieldset>

          <fieldset className="card booking-section">
            <legend>Payment</legend>
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

          <EstimatedCost state={estimateState} quote={quote} rateCard={rateCard} />

          {formMessage ? (
            <p className="field-error form-message" role="alert">
              {formMessage}
            </p>
          ) : null}
          <div className="booking-actions">
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? <Spinner /> : null}
              Confirm Booking
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
              Cancel
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
  return field.errors?.length ? (
    <p id={field.errorId} className="field-error">
      {field.errors[0]}
    </p>
  ) : null;
}

/** The pickup or the dropoff section: address, city, contact number and notes. */
function StopFields<Form extends Record<string, unknown>>(props: {
  legend: string;
  name: "Pickup" | "Dropoff";
  address: TextField<Form>;
  city: TextField<Form>;
  cityControl: { value: string | undefined; change: (value: string) => void; blur: () => void };
  phone: TextField<Form>;
  notes: TextField<Form>;
  notesPlaceholder: string;
}) {
  const { address, city, cityControl, phone, notes } = props;
  return (
    <fieldset className="card booking-section">
      <legend>{props.legend}</legend>
      <div className="field">
        <label htmlFor={address.id}>{props.name} address</label>
        <input
          {...getInputProps(address, { type: "text" })}
          autoComplete="street-address"
          placeholder="House no., street, barangay"
          maxLength={LIMITS.address}
        />
        <FieldError field={address} />
      </div>
      <div className="field">
        <CityPicker
          key={city.key}
          id={city.id}
          label={`${props.name} city`}
          value={cityControl.value}
          onChange={cityControl.change}
          onBlur={cityControl.blur}
          errorId={city.errorId}
          errors={city.errors}
        />
        <FieldError field={city} />
      </div>
      <div className="field">
        <label htmlFor={phone.id}>{props.name} contact number</label>
        <input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" inputMode="tel" placeholder="09171234567" />
        <FieldError field={phone} />
      </div>
      <div className="field">
        <label htmlFor={notes.id}>
          {props.name} notes <span className="muted">(optional)</span>
        </label>
        <textarea {...getTextareaProps(notes)} rows={2} maxLength={LIMITS.notes} placeholder={props.notesPlaceholder} />
        <FieldError field={notes} />
      </div>
    </fieldset>
  );
}
