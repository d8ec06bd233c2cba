import { useT } from "~/i18n/i18n";
import { formatPesoAmount } from "~/money/money";
import type { AdminStats } from "~/admin/stats.server";

/**
 * Profit Sharing, per period (decision 0183): Revenue (what customers paid) = Rider share (85% plus
 * peak bonuses) + Coop share (operations + member benefits), with the ID discounts, promo cost and
 * peak bonuses as their own lines.
 */
export function ProfitSharing({ stats }: { stats: AdminStats }) {
  const t = useT();
  const rows = [
    { period: t("admin.profit.today"), key: "today", lines: stats.today, coop: stats.todayCoopShare },
    { period: t("admin.profit.thisMonth"), key: "month", lines: stats.month, coop: stats.monthCoopShare },
  ];
  return (
    <section className="card admin-card">
      <h2>{t("admin.profit.heading")}</h2>
      {rows.map((row) => {
        const figures = [
          { label: t("admin.profit.revenue"), amount: row.lines.revenue, id: "revenue" },
          { label: t("admin.profit.riderShare"), amount: row.lines.riderShare, id: "rider-share" },
          { label: t("admin.profit.coopShare"), amount: row.coop, id: "coop-share" },
          { label: t("admin.profit.operations"), amount: row.lines.operations, id: "operations", sub: true },
          {
            label: t("admin.profit.memberBenefits"),
            amount: row.lines.memberBenefits,
            id: "member-benefits",
            sub: true,
          },
          { label: t("admin.profit.idDiscounts"), amount: row.lines.idDiscounts, id: "id-discounts" },
          { label: t("admin.profit.promoCost"), amount: row.lines.promoCost, id: "promo-cost" },
          { label: t("admin.profit.peakBonuses"), amount: row.lines.peakBonuses, id: "peak-bonuses" },
        ];
        return (
          <div key={row.key} className="admin-split" data-testid={`profit-${row.key}`}>
            <h3>{row.period}</h3>
            <dl className="figure-list">
              {figures.map((figure) => (
                <div key={figure.id} className={figure.sub ? "figure-sub" : undefined}>
                  <dt>{figure.label}</dt>
                  <dd data-testid={`profit-${row.key}-${figure.id}`}>{formatPesoAmount(figure.amount)}</dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
    </section>
  );
}
