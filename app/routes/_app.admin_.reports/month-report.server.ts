import { feeIncomeSql } from "~/payments/fee-income";
import type { LedgerKind } from "~/db/enums";
import { LEDGER_KINDS } from "~/db/enums";
import type { Centavos } from "~/money/money";
import { splitFeeSql } from "~/money/fee-split";
import { MANILA_OFFSET_MS, type Period } from "~/i18n/manila";
import { allocateCoopFund } from "~/coop/fund-allocation";
import { INSURANCE_PER_DELIVERY } from "~/ledger/ledger-rules";
import { fundOverPeriod, type FundPeriod } from "~/coop/fund.server";
import { surplusReturnsBooked } from "~/coop/surplus.server";

/**
 * The admin's month report (View Reports, docs/guide/money.md), in centavos, from the
 * same rows and rules as `/api/admin/stats`: delivered fares dated by delivered_at, cancellation
 * fees charged while a rider held the delivery dated by cancelled_at, each split per delivery
 * (rider = round(85%) plus the whole peak bonus, operations = round(10%) less the promo, member
 * benefits = the rest), and the riders' ledger for the money that went to and from riders.
 * Revenue is what customers paid, = rider shares + coop share (operations + member benefits), to the
 * centavo. docs/decisions/0219-ledger-cashouts-settings.md, 0183-books-and-peak-hours.md.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Manila day number of a UTC-ms column (days since 1970-01-01 in Manila). */
const manilaDay = (column: string) => `((${column} + ${MANILA_OFFSET_MS}) / ${DAY_MS})`;

export interface ReportDay {
  /** YYYY-MM-DD, Manila. */
  day: string;
  deliveries: number;
  /** What customers paid that day: fares less promos plus peak surcharges, plus its cancellation fees. */
  revenue: Centavos;
}

export interface MonthReport {
  month: string;
  deliveries: number;
  /** Fares before ID discounts (total_fee + id_discount: the rate-card fare) of the delivered deliveries. */
  grossFares: Centavos;
  idDiscounts: Centavos;
  /** Fares after ID discounts: what is split 85/10/5. */
  fares: Centavos;
  promotions: Centavos;
  /** Peak-hours surcharges: paid by customers, whole to the riders (in riderShares). */
  peakSurcharges: Centavos;
  cancellationFees: Centavos;
  cancellationsCharged: number;
  /** What customers paid: fares − promotions + peak surcharges + cancellation fees (the dashboard's revenue). */
  revenue: Centavos;
  /** The riders' part: 85% of every fee plus the peak bonuses. */
  riderShares: Centavos;
  /** Operations' 10%, less the promotions it carries. */
  operations: Centavos;
  memberBenefits: Centavos;
  /** operations + member benefits = revenue − rider shares. */
  coopShare: Centavos;
  /** What the Member Benefits Fund took in: member benefits + ₱1 insurance per delivery. */
  fundIntake: Centavos;
  /** The Coop Fund Allocation (40/25/15/20) of the fund's intake. */
  fundAllocation: ReturnType<typeof allocateCoopFund>;
  /** The month's ledger entries summed by kind (signed). */
  ledger: Record<LedgerKind, Centavos>;
  /** At the month's end: the sum of positive balances (the co-op owes riders) and of negative ones, as a positive amount (riders owe the co-op). */
  owedToRiders: Centavos;
  owedByRiders: Centavos;
  days: ReportDay[];
  /**
   * The member benefits fund over the month (app/coop/fund.server.ts): what came in
   * (daily_totals' member benefits + insurance, the figure the fund's balance is made of), claims
   * paid (`benefit` entries), the payouts booked, and the balance at the month's end.
   */
  fund: FundPeriod;
  /** Surplus returns booked in the month (their `patronage` entries are in `ledger.patronage`). */
  surplusReturns: Awaited<ReturnType<typeof surplusReturnsBooked>>;
}

interface DayRow {
  d: number;
  n: number;
  gross: number;
  id_discounts: number;
  fares: number;
  promos: number;
  peak: number;
  rider: number;
  ops: number;
}

export async function monthReport(d1: D1Database, month: string, period: Period): Promise<MonthReport> {
  const [delivered, fees, ledger, balances] = await d1.batch<Record<string, number | string>>([
    d1
      .prepare(
        `SELECT ${manilaDay("delivered_at")} AS d, count(*) AS n, sum(total_fee + id_discount_amount) AS gross, sum(id_discount_amount) AS id_discounts,
                sum(total_fee) AS fares, sum(promo_discount) AS promos, sum(peak_surcharge) AS peak,
                sum(${splitFeeSql("total_fee").rider}) AS rider, sum(${splitFeeSql("total_fee").operations}) AS ops
         FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2 GROUP BY d`,
      )
      .bind(period.start, period.end),
    d1
      .prepare(
        `SELECT ${manilaDay("at")} AS d, count(*) AS n, sum(fee) AS fares,
                sum(${splitFeeSql("fee").rider}) AS rider, sum(${splitFeeSql("fee").operations}) AS ops
         FROM (${feeIncomeSql()}) GROUP BY d`,
      )
      .bind(period.start, period.end),
    d1
      .prepare("SELECT kind, sum(amount) AS total FROM ledger_entries WHERE at >= ?1 AND at < ?2 GROUP BY kind")
      .bind(period.start, period.end),
    d1
      .prepare(
        `SELECT coalesce(sum(CASE WHEN balance > 0 THEN balance END), 0) AS owed_to, coalesce(-sum(CASE WHEN balance < 0 THEN balance END), 0) AS owed_by
         FROM (SELECT rider_id, sum(amount) AS balance FROM ledger_entries WHERE at < ?1 GROUP BY rider_id)`,
      )
      .bind(period.end),
  ]);
  const deliveredRows = delivered!.results as unknown as DayRow[];
  const feeRows = fees!.results as unknown as DayRow[];
  const days = new Map<number, ReportDay>();
  const dayOf = (d: number) => {
    let day = days.get(d);
    if (!day) days.set(d, (day = { day: new Date(d * DAY_MS).toISOString().slice(0, 10), deliveries: 0, revenue: 0 }));
    return day;
  };
  const report: MonthReport = {
    month,
    deliveries: 0,
    grossFares: 0,
    idDiscounts: 0,
    fares: 0,
    promotions: 0,
    peakSurcharges: 0,
    cancellationFees: 0,
    cancellationsCharged: 0,
    revenue: 0,
    riderShares: 0,
    operations: 0,
    memberBenefits: 0,
    coopShare: 0,
    fundIntake: 0,
    fundAllocation: allocateCoopFund(0),
    ledger: Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, 0])) as Record<LedgerKind, Centavos>,
    owedToRiders: 0,
    owedByRiders: 0,
    days: [],
    fund: await fundOverPeriod(d1, period),
    surplusReturns: await surplusReturnsBooked(d1, period),
  };
  let operationsBeforePromos = 0;
  for (const row of deliveredRows) {
    report.deliveries += row.n;
    report.grossFares += row.gross;
    report.idDiscounts += row.id_discounts;
    report.fares += row.fares;
    report.promotions += row.promos;
    report.peakSurcharges += row.peak;
    report.riderShares += row.rider + row.peak;
    operationsBeforePromos += row.ops;
    const day = dayOf(row.d);
    day.deliveries += row.n;
    day.revenue += row.fares - row.promos + row.peak;
  }
  for (const row of feeRows) {
    report.cancellationsCharged += row.n;
    report.cancellationFees += row.fares;
    report.riderShares += row.rider;
    operationsBeforePromos += row.ops;
    dayOf(row.d).revenue += row.fares;
  }
  report.revenue = report.fares - report.promotions + report.peakSurcharges + report.cancellationFees;
  report.operations = operationsBeforePromos - report.promotions;
  report.memberBenefits = report.revenue - report.riderShares - report.operations;
  report.coopShare = report.operations + report.memberBenefits;
  report.fundIntake = report.memberBenefits + report.deliveries * INSURANCE_PER_DELIVERY;
  report.fundAllocation = allocateCoopFund(report.fundIntake);
  for (const row of ledger!.results as { kind: LedgerKind; total: number }[]) report.ledger[row.kind] = row.total;
  const owed = balances!.results[0] as { owed_to: number; owed_by: number };
  report.owedToRiders = owed.owed_to;
  report.owedByRiders = owed.owed_by;
  report.days = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  return report;
}
