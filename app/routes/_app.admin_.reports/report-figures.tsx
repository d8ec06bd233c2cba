import { formatPesos } from "~/money/money";
import { formatManilaDay } from "~/i18n/manila";
import { useT } from "~/i18n/i18n";
import { LEDGER_KINDS } from "~/db/enums";
import type { COOP_FUND_ALLOCATION } from "~/coop/fund-allocation";
import type { MonthReport } from "./month-report.server";

type FundKey = (typeof COOP_FUND_ALLOCATION)[number]["key"];

function Row({ label, amount, count, testId }: { label: string; amount?: number; count?: number; testId?: string }) {
  return (
    <div className="report-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{amount !== undefined ? formatPesos(amount) : count}</dd>
    </div>
  );
}

/** The month's figures: money in, its split and the fund, and the riders' ledger. */
export function ReportFigures({ report }: { report: MonthReport }) {
  const t = useT();
  return (
    <div className="grid report-grid">
      <section className="card" aria-labelledby="money-in">
        <h2 id="money-in">{t("adminMoney.figures.moneyIn")}</h2>
        <dl>
          <Row label={t("adminMoney.reports.deliveries")} count={report.deliveries} testId="report-deliveries" />
          <Row label={t("adminMoney.figures.grossFares")} amount={report.grossFares} />
          <Row label={t("adminMoney.figures.idDiscounts")} amount={-report.idDiscounts} testId="report-id-discounts" />
          <Row label={t("adminMoney.figures.fares")} amount={report.fares} />
          <Row label={t("adminMoney.figures.promotions")} amount={-report.promotions} testId="report-promo-cost" />
          <Row
            label={t("adminMoney.figures.peakSurcharges")}
            amount={report.peakSurcharges}
            testId="report-peak-surcharges"
          />
          <Row
            label={t("adminMoney.figures.cancellationFees", { count: report.cancellationsCharged })}
            amount={report.cancellationFees}
          />
          <Row label={t("adminMoney.reports.revenue")} amount={report.revenue} testId="report-revenue" />
        </dl>
      </section>
      <section className="card" aria-labelledby="split">
        <h2 id="split">{t("adminMoney.figures.split")}</h2>
        <dl>
          <Row label={t("adminMoney.figures.riderShares")} amount={report.riderShares} testId="report-rider-shares" />
          <Row label={t("adminMoney.figures.coopShare")} amount={report.coopShare} testId="report-coop-share" />
          <Row label={t("adminMoney.figures.operations")} amount={report.operations} testId="report-operations" />
          <Row
            label={t("adminMoney.figures.memberBenefits")}
            amount={report.memberBenefits}
            testId="report-member-benefits"
          />
          <Row label={t("adminMoney.figures.fundIntake")} amount={report.fundIntake} testId="report-fund-intake" />
        </dl>
        <h3>{t("adminMoney.figures.fundAllocation")}</h3>
        <dl>
          {report.fundAllocation.map((part) => (
            <Row
              key={part.key}
              label={t("admin.fund.part", { label: t(`admin.fund.${part.key as FundKey}`), percent: part.percent })}
              amount={part.amount}
            />
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="ledger">
        <h2 id="ledger">{t("adminMoney.figures.ledger")}</h2>
        <dl>
          {LEDGER_KINDS.map((kind) => (
            <Row
              key={kind}
              label={t(`adminMoney.ledger.${kind}`)}
              amount={report.ledger[kind]}
              testId={`report-ledger-${kind}`}
            />
          ))}
          <Row label={t("adminMoney.figures.owedTo")} amount={report.owedToRiders} testId="report-owed-to" />
          <Row label={t("adminMoney.figures.owedBy")} amount={report.owedByRiders} testId="report-owed-by" />
        </dl>
      </section>
      <section className="card" aria-labelledby="member-fund">
        <h2 id="member-fund">{t("adminMoney.figures.memberFund")}</h2>
        <dl>
          <Row label={t("adminMoney.figures.fundIn")} amount={report.fund.intake} testId="report-fund-in" />
          <Row
            label={t("adminMoney.figures.fundClaims")}
            amount={-report.fund.claimsPaid}
            testId="report-fund-claims"
          />
          {report.fund.payouts.map((payout) => (
            <Row
              key={payout.proposalId}
              label={t("adminMoney.figures.fundPayout", { title: payout.title, day: formatManilaDay(payout.day) })}
              amount={-payout.amount}
            />
          ))}
          <Row
            label={t("adminMoney.figures.fundBalanceAtEnd")}
            amount={report.fund.balanceAtEnd}
            testId="report-fund-balance"
          />
        </dl>
        <h3>{t("adminMoney.figures.surplusReturns")}</h3>
        {report.surplusReturns.length === 0 ? (
          <p className="muted">{t("adminMoney.figures.noSurplusReturns")}</p>
        ) : (
          <dl>
            {report.surplusReturns.map((back) => (
              <Row
                key={back.proposalId}
                label={t("adminMoney.figures.surplusReturn", {
                  title: back.title,
                  members: back.members,
                  day: formatManilaDay(back.day),
                })}
                amount={back.amount}
              />
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
