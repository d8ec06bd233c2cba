import { useT } from "~/i18n/i18n";
import { formatPesos } from "~/money/money";
import type { ReportDay } from "./month-report.server";

/** A round top for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}

/** A short peso figure for an axis tick (centavos in): ₱0, ₱500, ₱1.5k, ₱12k. */
export function shortPesos(centavos: number): string {
  const pesos = centavos / 100;
  if (pesos >= 1000) return `₱${(pesos / 1000).toFixed(pesos >= 10_000 || pesos % 1000 === 0 ? 0 : 1)}k`;
  return `₱${Math.round(pesos)}`;
}

const W = 340;
const H = 150;
const LEFT = 44;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 34;

/**
 * One measure per day as bars on its own axes: a y-axis with a round scale (0, half, top) and
 * gridlines, an x-axis with the day of the month every 5 days, and both axes named. Plain SVG
 * (no chart library: the page ships no extra script); every bar has a <title>, and the table below
 * the chart holds the same figures.
 */
function DayBars({
  label,
  axisLabel,
  monthDays,
  value,
  tick,
  title,
  className,
  dayLabel,
}: {
  label: string;
  axisLabel: string;
  monthDays: string[];
  value: (date: string) => number;
  tick: (value: number) => string;
  title: (date: string, value: number) => string;
  className: string;
  dayLabel: string;
}) {
  const values = monthDays.map(value);
  const top = niceCeiling(Math.max(0, ...values));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const slot = plotW / Math.max(1, monthDays.length);
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="report-chart-svg">
      {[0, top / 2, top].map((v) => (
        <g key={v} className="chart-grid">
          <line x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} />
          <text x={LEFT - 4} y={y(v) + 3} textAnchor="end" fontSize="9">
            {tick(v)}
          </text>
        </g>
      ))}
      {monthDays.map((date, i) => {
        const v = values[i]!;
        const h = (v / top) * plotH;
        return (
          <rect
            key={date}
            className={className}
            x={LEFT + i * slot + slot * 0.15}
            y={TOP + plotH - h}
            width={slot * 0.7}
            height={h}
          >
            <title>{title(date, v)}</title>
          </rect>
        );
      })}
      <line className="chart-axis" x1={LEFT} x2={LEFT} y1={TOP} y2={TOP + plotH} />
      <line className="chart-axis" x1={LEFT} x2={W - RIGHT} y1={TOP + plotH} y2={TOP + plotH} />
      {monthDays.map((_, i) =>
        i === 0 || (i + 1) % 5 === 0 ? (
          <text key={i} x={LEFT + i * slot + slot / 2} y={TOP + plotH + 12} textAnchor="middle" fontSize="9">
            {i + 1}
          </text>
        ) : null,
      )}
      <text x={LEFT + plotW / 2} y={H - 4} textAnchor="middle" fontSize="9" className="chart-axis-label">
        {dayLabel}
      </text>
      <text
        x={10}
        y={TOP + plotH / 2}
        textAnchor="middle"
        fontSize="9"
        className="chart-axis-label"
        transform={`rotate(-90 10 ${TOP + plotH / 2})`}
      >
        {axisLabel}
      </text>
    </svg>
  );
}

export function ReportChart({ days, monthDays }: { days: ReportDay[]; monthDays: string[] }) {
  const t = useT();
  const byDay = new Map(days.map((day) => [day.day, day]));
  const dayLabel = t("adminMoney.reports.day");
  return (
    <figure className="report-chart">
      <DayBars
        label={t("adminMoney.reports.deliveries")}
        axisLabel={t("adminMoney.reports.deliveries")}
        monthDays={monthDays}
        value={(date) => byDay.get(date)?.deliveries ?? 0}
        tick={(v) => String(v)}
        title={(date, count) => t("adminMoney.chart.deliveriesTitle", { date, count })}
        className="bar-deliveries"
        dayLabel={dayLabel}
      />
      <DayBars
        label={t("adminMoney.reports.revenue")}
        axisLabel={t("adminMoney.reports.revenue")}
        monthDays={monthDays}
        value={(date) => byDay.get(date)?.revenue ?? 0}
        tick={shortPesos}
        title={(date, amount) => t("adminMoney.chart.revenueTitle", { date, amount: formatPesos(amount) })}
        className="bar-revenue"
        dayLabel={dayLabel}
      />
    </figure>
  );
}
