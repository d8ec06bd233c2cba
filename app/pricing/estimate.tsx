import { useEffect, useState } from "react";
import { Spinner } from "~/components/spinner";
import type { IdDiscountKind } from "~/db/enums";
import { ApiError, apiRequest } from "~/http/api-client";
import { formatPesos, pesosToCentavos, RIDER_SHARE_PERCENT } from "~/money/money";
import { ID_DISCOUNT_LABELS } from "./discounts";
import { rateCardLines, type RateCard } from "./rate-card";

/** The quote of `POST /api/pricing/calculate`, in pesos. */
export interface Estimate {
  baseFare: number;
  distanceFee: number;
  sizeFee: number;
  fare: number;
  idDiscount: { kind: IdDiscountKind; percent: number; amount: number } | null;
  promo: { code: string; amount: number } | null;
  total: number;
  distance: string;
  estimatedDuration: string;
}

export type EstimateState = "idle" | "loading" | "ready" | "error";

const ESTIMATE_DEBOUNCE_MS = 300;
const pesos = (amount: number) => formatPesos(pesosToCentavos(amount));

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
 * both cities are filled (spec section 4). Stale answers are dropped; while the inputs and the
 * shown quote disagree there is no estimate to book with. A promo code the server refuses is
 * reported through `onPromoRefused` with its reason (the caller then quotes without it).
 */
export function useEstimate(input: EstimateInput, onPromoRefused: (message: string) => void) {
  const [quote, setQuote] = useState<Estimate | null>(null);
  const [quotedKey, setQuotedKey] = useState<string | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
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
        setFailedKey(key);
      }
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, ready]); // eslint-disable-line react-hooks/exhaustive-deps

  const state: EstimateState = !ready ? "idle" : quotedKey === key ? "ready" : failedKey === key ? "error" : "loading";
  return { quote: ready ? quote : null, state };
}

export function EstimatedCost({ state, quote, rateCard }: { state: EstimateState; quote: Estimate | null; rateCard?: RateCard }) {
  return (
    <section className="card estimate" aria-labelledby="estimate-title" aria-live="polite" aria-busy={state === "loading"}>
      <h2 id="estimate-title">Estimated Cost</h2>
      {state === "idle" ? <p className="muted">Choose the package size and both cities to see the price.</p> : null}
      {state === "error" ? <p className="field-error">The price could not be calculated. Please check the cities and try again.</p> : null}
      {quote && state !== "idle" ? (
        <dl className={`estimate-lines${state === "loading" ? " is-updating" : ""}`}>
          <div>
            <dt>Base fare</dt>
            <dd>{pesos(quote.baseFare)}</dd>
          </div>
          <div>
            <dt>Distance fee</dt>
            <dd>{pesos(quote.distanceFee)}</dd>
          </div>
          <div>
            <dt>Size fee</dt>
            <dd>{pesos(quote.sizeFee)}</dd>
          </div>
          {quote.idDiscount ? (
            <div className="estimate-discount">
              <dt>
                {ID_DISCOUNT_LABELS[quote.idDiscount.kind]} discount ({quote.idDiscount.percent}%)
              </dt>
              <dd data-testid="estimate-id-discount">−{pesos(quote.idDiscount.amount)}</dd>
            </div>
          ) : null}
          {quote.promo ? (
            <div className="estimate-discount">
              <dt>Promo {quote.promo.code}</dt>
              <dd data-testid="estimate-promo">−{pesos(quote.promo.amount)}</dd>
            </div>
          ) : null}
          <div className="estimate-total">
            <dt>Total</dt>
            <dd data-testid="estimate-total">{pesos(quote.total)}</dd>
          </div>
          <div>
            <dt>Distance</dt>
            <dd data-testid="estimate-distance">{quote.distance} km</dd>
          </div>
          <div>
            <dt>Estimated time</dt>
            <dd>{quote.estimatedDuration}</dd>
          </div>
        </dl>
      ) : null}
      {state === "loading" ? (
        <p className="muted estimate-status">
          <Spinner /> Calculating price...
        </p>
      ) : null}
      <div className="rate-card">
        <h3>Rate card</h3>
        <ul>
          {rateCardLines(rateCard).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="muted">Riders receive {RIDER_SHARE_PERCENT}% of every delivery fee; the rest funds the cooperative.</p>
      </div>
    </section>
  );
}
