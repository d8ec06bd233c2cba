import { useEffect, useState } from "react";
import { Spinner } from "~/components/spinner";
import type { IdDiscountKind } from "~/db/enums";
import { ApiError, apiRequest } from "~/http/api-client";
import { formatPesoAmount, formatPesos, type Pesos } from "~/money/money";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { useT } from "~/i18n/i18n";
import { useAboutText, useDurationText } from "~/tracking/live-text";
import { RATE_CARD, type RateCard } from "./rate-card";

/** The quote of `POST /api/pricing/calculate`, in pesos. */
export interface Estimate {
  baseFare: Pesos;
  distanceFee: Pesos;
  sizeFee: Pesos;
  fare: Pesos;
  idDiscount: { kind: IdDiscountKind; percent: number; amount: Pesos } | null;
  promo: { code: string; amount: Pesos } | null;
  /** An earlier unpaid cancellation fee this booking collects (0 when none). */
  owedFee?: Pesos;
  /** Peak hours: added to the total, whole to the rider (0 outside a peak window). */
  peakSurcharge: Pesos;
  total: Pesos;
  distance: string;
  estimatedDuration: string;
  /** Measured between city centres (the addresses were not found): shown as "about". */
  approximate?: boolean;
}

export type EstimateState = "idle" | "loading" | "ready" | "error";

const ESTIMATE_DEBOUNCE_MS = 300;

export interface EstimateInput {
  pickupCity: string;
  dropoffCity: string;
  pickupAddress: string;
  dropoffAddress: string;
  packageSize: string;
  /** The promo code the customer applied, or null. */
  promoCode: string | null;
}

/**
 * The Estimated Cost panel's data: recalculated whenever a price input changes, once the size and
 * both cities are filled. Stale answers are dropped; while the inputs and the
 * shown quote disagree there is no estimate to book with. A promo code the server refuses is
 * reported through `onPromoRefused` with its reason (the caller then quotes without it).
 */
export function useEstimate(input: EstimateInput, onPromoRefused: (message: string) => void) {
  const [quote, setQuote] = useState<Estimate | null>(null);
  const [quotedKey, setQuotedKey] = useState<string | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  // The server's reason when it refuses the trip itself (e.g. too far for one delivery).
  const [refusal, setRefusal] = useState<string | null>(null);
  const ready = Boolean(input.pickupCity && input.dropoffCity && input.packageSize);
  const key = JSON.stringify(input);

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const answer = await apiRequest<Estimate>("POST", "/api/pricing/calculate", {
          packageSize: input.packageSize,
          pickupCity: input.pickupCity,
          dropoffCity: input.dropoffCity,
          pickupAddress: input.pickupAddress.trim() || undefined,
          dropoffAddress: input.dropoffAddress.trim() || undefined,
          promoCode: input.promoCode ?? undefined,
        });
        if (cancelled) return;
        setQuote(answer);
        setQuotedKey(key);
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError && error.fieldErrors.promoCode?.[0]) {
          onPromoRefused(error.fieldErrors.promoCode[0]);
          return;
        }
        console.error("Pricing failed", error);
        setRefusal(
          error instanceof ApiError && error.status === 400 && error.fieldErrors.dropoffCity?.[0]
            ? error.fieldErrors.dropoffCity[0]
            : null,
        );
        setFailedKey(key);
      }
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, ready]); // eslint-disable-line react-hooks/exhaustive-deps

  const state: EstimateState = !ready ? "idle" : quotedKey === key ? "ready" : failedKey === key ? "error" : "loading";
  return { quote: ready ? quote : null, state, refusal: state === "error" ? refusal : null };
}

/** The Estimated Cost panel; `id` is where the page lands after "See the price" without JavaScript. */
export function EstimatedCost({
  id,
  state,
  quote,
  rateCard = RATE_CARD,
  refusal = null,
}: {
  id?: string;
  state: EstimateState;
  quote: Estimate | null;
  rateCard?: RateCard;
  refusal?: string | null;
}) {
  const t = useT();
  const duration = useDurationText();
  const about = useAboutText();
  const rateCardLines = [
    t("booking.rateCard.base", { fare: formatPesos(rateCard.baseFare), km: rateCard.includedKm }),
    t("booking.rateCard.perKm", { perKm: formatPesos(rateCard.perKm), step: RATE_CARD.billingStepKm }),
    t("booking.rateCard.size", {
      small: formatPesos(rateCard.sizeFees.small),
      medium: formatPesos(rateCard.sizeFees.medium),
      large: formatPesos(rateCard.sizeFees.large),
    }),
  ];
  return (
    <section
      id={id}
      className="card estimate form-answer-target"
      aria-labelledby="estimate-title"
      aria-live="polite"
      aria-busy={state === "loading"}
    >
      <h2 id="estimate-title">{t("booking.estimate.heading")}</h2>
      {state === "idle" ? <p className="muted">{t("booking.estimate.idle")}</p> : null}
      {state === "error" ? (
        <p className="field-error" data-testid="estimate-error">
          {refusal ?? t("booking.estimate.error")}
        </p>
      ) : null}
      {quote && state !== "idle" ? (
        <dl className={`estimate-lines${state === "loading" ? " is-updating" : ""}`}>
          <div>
            <dt>{t("booking.estimate.baseFare")}</dt>
            <dd>{formatPesoAmount(quote.baseFare)}</dd>
          </div>
          <div>
            <dt>{t("booking.estimate.distanceFee")}</dt>
            <dd>{formatPesoAmount(quote.distanceFee)}</dd>
          </div>
          <div>
            <dt>{t("booking.estimate.sizeFee")}</dt>
            <dd>{formatPesoAmount(quote.sizeFee)}</dd>
          </div>
          {quote.idDiscount ? (
            <div className="estimate-discount">
              <dt>
                {t("booking.estimate.idDiscount", {
                  kind: t(`app.label.idKind.${quote.idDiscount.kind}`),
                  percent: quote.idDiscount.percent,
                })}
              </dt>
              <dd data-testid="estimate-id-discount">−{formatPesoAmount(quote.idDiscount.amount)}</dd>
            </div>
          ) : null}
          {quote.promo ? (
            <div className="estimate-discount">
              <dt>{t("booking.estimate.promo", { code: quote.promo.code })}</dt>
              <dd data-testid="estimate-promo">−{formatPesoAmount(quote.promo.amount)}</dd>
            </div>
          ) : null}
          {quote.owedFee ? (
            <div>
              <dt>{t("booking.estimate.owedFee")}</dt>
              <dd data-testid="estimate-owed-fee">{formatPesoAmount(quote.owedFee)}</dd>
            </div>
          ) : null}
          {quote.peakSurcharge > 0 ? (
            <div className="estimate-peak">
              <dt>{t("booking.estimate.peakSurcharge")}</dt>
              <dd data-testid="estimate-peak">{formatPesoAmount(quote.peakSurcharge)}</dd>
            </div>
          ) : null}
          <div className="estimate-total">
            <dt>{t("booking.estimate.total")}</dt>
            <dd data-testid="estimate-total">{formatPesoAmount(quote.total)}</dd>
          </div>
          <div>
            <dt>{t("booking.estimate.distance")}</dt>
            <dd data-testid="estimate-distance">
              {about(t("booking.estimate.km", { distance: quote.distance }), Boolean(quote.approximate))}
            </dd>
          </div>
          <div>
            <dt>{t("booking.estimate.time")}</dt>
            <dd data-testid="estimate-time">{about(duration(quote.estimatedDuration), Boolean(quote.approximate))}</dd>
          </div>
        </dl>
      ) : null}
      {state === "loading" ? (
        <p className="muted estimate-status">
          <Spinner /> {t("booking.estimate.calculating")}
        </p>
      ) : null}
      <div className="rate-card">
        <h3>{t("booking.rateCard.heading")}</h3>
        <ul>
          {rateCardLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="muted">{t("booking.rateCard.share", { percent: RIDER_SHARE_PERCENT })}</p>
      </div>
    </section>
  );
}
