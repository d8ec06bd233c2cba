import { allocateCoopFund, type COOP_FUND_ALLOCATION } from "~/coop/fund-allocation";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount, formatPesos, pesosToCentavos } from "~/money/money";
import type { AdminStats } from "~/admin/stats.server";

type FundKey = (typeof COOP_FUND_ALLOCATION)[number]["key"];

/** The month's fund allocation (40/25/15/20) splits what the Member Benefits Fund actually took in this month. */
export function CoopFundAllocation({ stats }: { stats: AdminStats }) {
  const t = useT();
  const parts = allocateCoopFund(pesosToCentavos(stats.monthFundIntake));
  return (
    <section className="card admin-card">
      <h2>{t("admin.fund.heading")}</h2>
      <p className="muted" data-testid="fund-month-intake">
        {t("admin.fund.monthIntake", { amount: formatPesoAmount(stats.monthFundIntake) })}
      </p>
      <dl className="figure-list">
        {parts.map((part) => (
          <div key={part.key}>
            <dt>{t("admin.fund.part", { label: t(`admin.fund.${part.key as FundKey}`), percent: part.percent })}</dt>
            <dd>{formatPesos(part.amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
