import type { Vehicle } from "~/db/schema";

export interface ComingRider {
  firstName: string | null;
  vehicle: Vehicle;
  rating: number | null;
  phone?: string | null;
}

const VEHICLE_LABELS: Record<Vehicle, string> = { motorcycle: "Motorcycle", bicycle: "Bicycle", car: "Car" };

/**
 * Who is coming (PRODUCT.md, "The handover and the live view"): the rider's first name, vehicle
 * and rating with a Call button, while the delivery is active; and the handover code to give them.
 */
export function WhoIsComing({ rider, handoverCode }: { rider: ComingRider | null; handoverCode?: string | null }) {
  if (!rider && !handoverCode) return null;
  const name = rider?.firstName ?? "Your rider";
  return (
    <section className="card stack who-is-coming" aria-labelledby="who-heading" data-testid="who-is-coming">
      <h2 id="who-heading">{rider ? "Who is coming" : "Handover code"}</h2>
      {rider ? (
        <div className="row who-row">
          <p>
            <strong data-testid="rider-name">{name}</strong>
            <br />
            <span className="muted">
              {VEHICLE_LABELS[rider.vehicle]} · {rider.rating === null ? "No ratings yet" : `★ ${rider.rating.toFixed(1)}`}
            </span>
          </p>
          {rider.phone ? (
            <a className="button call-button" href={`tel:${rider.phone}`} data-testid="call-rider">
              Call {name}
            </a>
          ) : null}
        </div>
      ) : null}
      {handoverCode ? (
        <p className="handover-code">
          Handover code: <strong data-testid="handover-code">{handoverCode}</strong>
          <br />
          <span className="muted">Give this code to the rider when the package reaches you.</span>
        </p>
      ) : null}
    </section>
  );
}
