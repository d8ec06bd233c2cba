import { Link } from "@remix-run/react";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { formatManilaDateTime } from "~/time/manila";
import type { NoCodeHandover } from "./no-code-handovers.server";

/** The admin dashboard's list of deliveries handed over without the recipient's code, with the rider's note. */
export function NoCodeHandovers({ handovers }: { handovers: NoCodeHandover[] }) {
  return (
    <section className="card admin-card stack" aria-labelledby="no-code-heading" data-testid="no-code-handovers">
      <h2 id="no-code-heading">Handed over without a code</h2>
      {handovers.length === 0 ? (
        <p className="muted">Every recent delivery was handed over with its code.</p>
      ) : (
        <ul className="plain-list stack">
          {handovers.map((handover) => (
            <li key={handover.id}>
              <Link to={`/tracking/${handover.id}`}>#{deliveryIdTail(handover.id)}</Link>{" "}
              <span className="muted">
                {formatManilaDateTime(handover.deliveredAt)} · {handover.dropoffAddress}, {handover.dropoffCity}
              </span>
              <p>{handover.note ?? <span className="muted">No note given</span>}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
