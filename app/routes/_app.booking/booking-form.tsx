import { getFormProps, useInputControl } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { isCityValue } from "~/places/cities";
import { Spinner } from "~/components/spinner";
import { PAYMENT_METHODS } from "~/db/enums";
import { useT } from "~/i18n/i18n";
import { bookingSchema } from "~/deliveries/booking-schema";
import { RecentBookings } from "./recent-bookings";
import { useAnswerInView } from "~/forms/answer-in-view";
import { FixList } from "~/forms/fix-list";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { formatPesoAmount } from "~/money/money";
import { PaymentMethodChoice, PromoCodeField } from "./payment-choice";
import { EstimatedCost, useEstimate, type Estimate } from "~/pricing/estimate";
import type { PaymentMethod } from "~/db/enums";
import type { action, loader } from "./route";
import { useOptionalUser } from "~/auth/use-user";
import { BOOKED_ANCHOR, BOOKING_ANSWER_ANCHOR, bookingActionTo, PRICE_ANCHOR, PROMO_ANCHOR } from "./booking-anchors";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { RecentBooking } from "./recent-bookings";
import { StopFields } from "./stop-fields";
import { PackageFields } from "./package-fields";

/** The booking page's form, its recent bookings below. */
export const RECENT_BOOKINGS = 5;
/** How long a signed-out visitor reads "Login Required" before moving on. */
export const REDIRECT_DELAY_MS = 500;

/**
 * A Remix form posting to the /booking action (decision 0187): it books without JavaScript too
 * ("See the price" then shows the server's quote); with JavaScript the price follows the fields as
 * they are filled in. The key made at render time makes a double submit book once.
 */
export function BookingForm() {
  const { recent, nextCursor, invoiceAllowed, rateCard, bookingKey, bookedId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  // What was sent, when the server answered with the form again (a refusal; a quote without JavaScript).
  const sent = (answer?.initialValue ?? {}) as { paymentMethod?: unknown; promoCode?: unknown };
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(
    PAYMENT_METHODS.find((method) => method === sent.paymentMethod) ?? "cash",
  );
  const sentPromo =
    typeof sent.promoCode === "string" && sent.promoCode.trim() ? sent.promoCode.trim().toUpperCase() : null;
  // A code the server refused comes back in the field, with why and Remove, not as applied.
  const promoRefused = Boolean((answer?.error as Record<string, unknown> | undefined)?.promoCode);
  const [promoCode, setPromoCode] = useState<string | null>(promoRefused ? null : sentPromo);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const user = useOptionalUser();
  const t = useT();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const serverEstimate = answer && "estimate" in answer ? (answer.estimate as Estimate) : null;
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/booking";

  const [form, fields] = useActionForm(bookingSchema, {
    id: "booking",
    lastResult: answer ?? null,
    defaultValue: { packageType: "documents", packageSize: "small", isFragile: false, notifyRecipient: true },
  });
  const pickupCity = useInputControl(fields.pickupCity);
  const dropoffCity = useInputControl(fields.dropoffCity);
  const listed = (city: string | undefined) => (city && isCityValue(city) ? city : "");
  const {
    quote,
    state: estimateState,
    refusal: estimateRefusal,
  } = useEstimate(
    {
      pickupCity: listed(pickupCity.value),
      dropoffCity: listed(dropoffCity.value),
      pickupAddress: fields.pickupAddress.value ?? "",
      dropoffAddress: fields.dropoffAddress.value ?? "",
      packageSize: fields.packageSize.value ?? "",
      promoCode,
    },
    (message) => {
      setPromoCode(null);
      setPromoError(message);
    },
  );
  useEffect(() => {
    if (estimateState === "ready") setFormMessage(null);
  }, [estimateState]);
  // Without JavaScript (or before it runs) the price is the one "See the price" asked the server for.
  const shownState = estimateState === "ready" ? "ready" : serverEstimate ? "ready" : hydrated ? estimateState : "idle";
  const shownQuote = estimateState === "ready" ? quote : (serverEstimate ?? quote);
  const formProps = getFormProps(form);
  const booked = recent.find((delivery) => delivery.id === bookedId) ?? null;
  const answerRef = useRef<HTMLDivElement>(null);
  // A refusal of the whole form (the fields' own errors take the focus to the first of them).
  useAnswerInView(answerRef, answer?.error?.[""]?.length ? answer : null);
  const toFix = Object.entries(form.allErrors)
    .filter(([name, errors]) => errors.length > 0 && name in FIELD_LABELS)
    .map(([name]) => ({
      href: `#${name === "promoCode" ? PROMO_ANCHOR : (fields as Record<string, { id: string }>)[name]!.id}`,
      label: t(FIELD_LABELS[name as keyof typeof FIELD_LABELS]),
    }));
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
      {booked ? <BookedCard booking={booked} /> : <p className="muted">{t("booking.lead")}</p>}

      <div className="page-columns">
        <Form
          method="post"
          action={bookingActionTo(BOOKING_ANSWER_ANCHOR)}
          {...formProps}
          onSubmit={onSubmit}
          className="booking-form"
          aria-labelledby="booking-form-title"
        >
          {/* Enter in a field without JavaScript: the first submit button is the form's default, so
              it sees the price (as "See the price" does) rather than Apply or Remove a code. */}
          <noscript>
            <button
              type="submit"
              name="intent"
              value="quote"
              formAction={bookingActionTo(PRICE_ANCHOR)}
              formNoValidate
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
            >
              {t("booking.estimate.see")}
            </button>
          </noscript>
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

          <PackageFields fields={fields} />

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
              id={PROMO_ANCHOR}
              name={fields.promoCode.name}
              applied={promoCode}
              initialDraft={promoRefused ? (sentPromo ?? "") : ""}
              hydrated={hydrated}
              formAction={bookingActionTo(PROMO_ANCHOR)}
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

          <EstimatedCost
            id={PRICE_ANCHOR}
            state={shownState}
            quote={shownQuote}
            rateCard={rateCard}
            refusal={estimateRefusal}
          />
          <noscript>
            <button
              type="submit"
              name="intent"
              value="quote"
              formAction={bookingActionTo(PRICE_ANCHOR)}
              className="button button-secondary"
              formNoValidate
            >
              {t("booking.estimate.see")}
            </button>
          </noscript>

          <div id={BOOKING_ANSWER_ANCHOR} ref={answerRef} tabIndex={-1} className="form-answer stack">
            {formMessage ? (
              <p className="field-error form-message" role="alert">
                {formMessage}
              </p>
            ) : null}
            <FormErrors errors={form.errors} className="field-error form-message" />
            <FixList fields={toFix} />
          </div>
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

/** Each field's label, as the list of fields to fix next to Confirm Booking names it. */
const FIELD_LABELS = {
  pickupAddress: "booking.pickup.address",
  pickupCity: "booking.pickup.city",
  pickupPhone: "booking.pickup.phone",
  pickupNotes: "booking.pickup.notes",
  dropoffAddress: "booking.dropoff.address",
  dropoffCity: "booking.dropoff.city",
  dropoffPhone: "booking.dropoff.phone",
  dropoffNotes: "booking.dropoff.notes",
  packageType: "booking.package.type",
  packageSize: "booking.package.size",
  packageDescription: "booking.package.description",
  paymentMethod: "booking.payment.method",
  promoCode: "booking.promo.label",
} as const;

/** The booking just made (cash or invoice), at the top of the page the booking lands on: what it is and where to follow it. */
function BookedCard({ booking }: { booking: RecentBooking }) {
  const t = useT();
  return (
    <section
      id={BOOKED_ANCHOR}
      className="card booked-card form-answer-target"
      aria-labelledby="booked-title"
      data-testid="booked"
    >
      <h2 id="booked-title">{t("booking.booked.title", { id: deliveryIdTail(booking.id) })}</h2>
      <p>
        {booking.pickupCity} → {booking.dropoffCity} · <strong>{formatPesoAmount(booking.amountDue)}</strong> ·{" "}
        {t(`app.label.method.${booking.payment.method}`)}
      </p>
      <p className="muted">{t("booking.booked.next")}</p>
      <Link className="button" to={`/tracking/${booking.id}`}>
        {t("booking.booked.track")}
      </Link>
    </section>
  );
}
