import { performanceLines, type FiguresView } from "~/earnings/figures-format";

/** The Performance card (rider dashboard, View Earnings); `explain` adds how each figure is computed. */
export function PerformanceCard({ figures, explain = false }: { figures: FiguresView; explain?: boolean }) {
  return (
    <section className="card" aria-labelledby="performance-title" data-testid="performance">
      <h2 id="performance-title">Performance</h2>
      <dl className="figure-list">
        {performanceLines(figures).map((line) => (
          <div key={line.label} className={explain ? "figure-explained" : undefined}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
            {explain ? <p className="muted figure-how">{line.how}</p> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
