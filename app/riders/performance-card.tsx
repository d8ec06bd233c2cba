import type { FiguresView } from "~/ledger/figures-format";
import { useT } from "~/i18n/i18n";

/** The Performance card (rider dashboard, View Earnings); `explain` adds how each figure is computed (docs/guide/deliveries.md#rider-figures). */
export function PerformanceCard({ figures, explain = false }: { figures: FiguresView; explain?: boolean }) {
  const t = useT();
  const percent = (value: number | null) => (value === null ? t("rider.performance.noData") : `${value}%`);
  const lines = [
    {
      label: t("rider.performance.acceptance"),
      value: percent(figures.acceptanceRate),
      how: t("rider.performance.acceptanceHow"),
    },
    {
      label: t("rider.performance.completion"),
      value: percent(figures.completionRate),
      how: t("rider.performance.completionHow"),
    },
    { label: t("rider.performance.onTime"), value: percent(figures.onTimeRate), how: t("rider.performance.onTimeHow") },
    {
      label: t("rider.performance.rating"),
      value: figures.rating === null ? t("rider.performance.noData") : figures.rating.toFixed(1),
      how: t("rider.performance.ratingHow", { count: figures.ratingCount }),
    },
  ];
  return (
    <section className="card" aria-labelledby="performance-title" data-testid="performance">
      <h2 id="performance-title">{t("rider.performance.title")}</h2>
      <dl className="figure-list">
        {lines.map((line) => (
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
