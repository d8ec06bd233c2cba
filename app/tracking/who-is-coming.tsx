import type { Vehicle } from "~/db/schema";
import { useT } from "~/i18n/i18n";

export interface ComingRider {
  firstName: string | null;
  vehicle: Vehicle;
  rating: number | null;
  phone?: string | null;
}

/**
 * Who is coming (docs/guide/deliveries.md#handover-code): the rider's first name, vehicle
 * and rating with a Call button, while the delivery is active; and the handover code to give them.
 */
export function WhoIsComing({ rider, handoverCode }: { rider: ComingRider | null; handoverCode?: string | null }) {
  const t = useT();
  if (!rider && !handoverCode) return null;
  const name = rider?.firstName ?? t("tracking.who.yourRider");
  return (
    <section className="card stack who-is-coming" aria-labelledby="who-heading" data-testid="who-is-coming">
      <h2 id="who-heading">{rider ? t("tracking.who.heading") : t("tracking.who.codeHeading")}</h2>
      {rider ? (
        <div className="row who-row">
          <p>
            <strong data-testid="rider-name">{name}</strong>
            <br />
            <span className="muted">
              {t(`tracking.vehicle.${rider.vehicle}`)} ·{" "}
              {rider.rating === null ? t("tracking.who.noRatings") : `★ ${rider.rating.toFixed(1)}`}
            </span>
          </p>
          {rider.phone ? (
            <a className="button call-button" href={`tel:${rider.phone}`} data-testid="call-rider">
              {t("tracking.who.call", { name })}
            </a>
          ) : null}
        </div>
      ) : null}
      {handoverCode ? (
        <p className="handover-code">
          {/* Under the "Handover code" heading (no rider yet) the code needs no label of its own. */}
          {rider ? <>{t("tracking.who.code")} </> : null}
          <strong data-testid="handover-code">{handoverCode}</strong>
          <br />
          <span className="muted">{t("tracking.who.codeHint")}</span>
        </p>
      ) : null}
    </section>
  );
}
