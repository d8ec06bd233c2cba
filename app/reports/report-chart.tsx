import { useT } from "~/i18n/i18n";
import { formatPesos } from "~/money/money";
import type { ReportDay } from "./month-report.server";

/**
 * Deliveries and revenue per day as plain SVG bars (no chart library): two bars a day, each scaled
 * to its own maximum; every bar has a <title> and the table below the chart holds the same figures.
 */
export function ReportChart({ days, monthDays }: { days: ReportDay[]; monthDays: string[] }) {
  const t = useT();
  const byDay = new Map(days.map((day) => [day.day, day]));
  const maxDeliveries = Math.max(1, ...days.map((d) => d.deliveries));
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue));
  const slot = 12;
  const height = 120;
  const width = monthDays.length * slot;
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${width} ${height + 14}`} role="img" aria-label={t("adminMoney.reports.perDay")} preserveAspectRatio="none">
        {monthDays.map((date, i) => {
          const day = byDay.get(date);
          const deliveries = day?.deliveries ?? 0;
          const revenue = day?.revenue ?? 0;
          const dh = (deliveries / maxDeliveries) * height;
          const rh = (revenue / maxRevenue) * height;
          const x = i * slot;
          return (
            <g key={date}>
              <rect className="bar-deliveries" x={x + 1} y={height - dh} width={4.5} height={dh}>
                <title>{t("adminMoney.chart.deliveriesTitle", { date, count: deliveries })}</title>
              </rect>
              <rect className="bar-revenue" x={x + 6} y={height - rh} width={4.5} height={rh}>
                <title>{t("adminMoney.chart.revenueTitle", { date, amount: formatPesos(revenue) })}</title>
              </rect>
              {(i + 1) % 5 === 0 || i === 0 ? (
                <text x={x + slot / 2} y={height + 11} textAnchor="middle" fontSize="8">
                  {i + 1}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className="legend legend-deliveries">{t("adminMoney.chart.deliveriesLegend", { count: days.length ? maxDeliveries : 0 })}</span>{" "}
        <span className="legend legend-revenue">{t("adminMoney.chart.revenueLegend", { amount: formatPesos(days.length ? maxRevenue : 0) })}</span>
      </figcaption>
    </figure>
  );
}
