import { formatPesos } from "~/money/money";
import { LEDGER_KIND_LABELS } from "~/ledger/ledger";
import { LEDGER_KINDS } from "~/db/enums";
import type { MonthReport } from "./month-report.server";

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
  return (
    <div className="grid report-grid">
      <section className="card" aria-labelledby="money-in">
        <h2 id="money-in">Deliveries and fares</h2>
        <dl>
          <Row label="Deliveries" count={report.deliveries} testId="report-deliveries" />
          <Row label="Gross fares" amount={report.grossFares} />
          <Row label="ID discounts" amount={-report.idDiscounts} />
          <Row label="Fares" amount={report.fares} />
          <Row label="Promotions" amount={-report.promotions} />
          <Row label={`Cancellation fees (${report.cancellationsCharged})`} amount={report.cancellationFees} />
          <Row label="Revenue" amount={report.revenue} testId="report-revenue" />
        </dl>
      </section>
      <section className="card" aria-labelledby="split">
        <h2 id="split">Split</h2>
        <dl>
          <Row label="Rider shares (85%)" amount={report.riderShares} testId="report-rider-shares" />
          <Row label="Operations (10%, less promotions)" amount={report.operations} />
          <Row label="Member benefits (5%)" amount={report.memberBenefits} />
          <Row label="Coop share" amount={report.coopShare} />
        </dl>
        <h3>Fund allocation</h3>
        <dl>
          {report.fundAllocation.map((part) => (
            <Row key={part.key} label={`${part.label} (${part.percent}%)`} amount={part.amount} />
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="ledger">
        <h2 id="ledger">Riders' ledger</h2>
        <dl>
          {LEDGER_KINDS.map((kind) => (
            <Row key={kind} label={LEDGER_KIND_LABELS[kind]} amount={report.ledger[kind]} testId={`report-ledger-${kind}`} />
          ))}
          <Row label="Owed to riders at month end" amount={report.owedToRiders} testId="report-owed-to" />
          <Row label="Owed by riders at month end" amount={report.owedByRiders} testId="report-owed-by" />
        </dl>
      </section>
    </div>
  );
}
