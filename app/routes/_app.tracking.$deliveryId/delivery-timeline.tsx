import type { DeliveryEventKind } from "~/db/enums";
import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/i18n/manila";

/** One line of a delivery's timeline as the tracking page receives it. */
export interface TimelineEntry {
  kind: DeliveryEventKind;
  at: string;
}

/** The tracking page's timeline: what happened to the delivery and when, in Manila time (its words: the `tracking` namespace). */
export function DeliveryTimeline({ entries }: { entries: TimelineEntry[] }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{t("tracking.timeline.heading")}</h2>
      {entries.length === 0 ? (
        <p className="muted">{t("tracking.timeline.empty")}</p>
      ) : (
        <ol className="timeline" data-testid="timeline">
          {entries.map((entry, index) => (
            <li key={`${entry.kind}-${entry.at}-${index}`} data-kind={entry.kind}>
              <span className="timeline-label">{t(`tracking.event.${entry.kind}`)}</span>
              <time className="muted" dateTime={entry.at}>
                {formatManilaDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
