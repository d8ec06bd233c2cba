import { Link } from "@remix-run/react";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/i18n/manila";
import type { NoCodeHandover } from "./no-code-handovers.server";

/** The admin dashboard's list of deliveries handed over without the recipient's code, with the rider's note. */
export function NoCodeHandovers({ handovers }: { handovers: NoCodeHandover[] }) {
  const t = useT();
  return (
    <section className="card admin-card stack" aria-labelledby="no-code-heading" data-testid="no-code-handovers">
      <h2 id="no-code-heading">{t("admin.noCode.heading")}</h2>
      {handovers.length === 0 ? (
        <p className="muted">{t("admin.noCode.empty")}</p>
      ) : (
        <ul className="plain-list stack">
          {handovers.map((handover) => (
            <li key={handover.id}>
              <Link to={`/tracking/${handover.id}`}>#{deliveryIdTail(handover.id)}</Link>{" "}
              <span className="muted">
                {formatManilaDateTime(handover.deliveredAt)} · {handover.dropoffAddress}, {handover.dropoffCity}
              </span>
              <p>{handover.note ?? <span className="muted">{t("admin.noCode.noNote")}</span>}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
