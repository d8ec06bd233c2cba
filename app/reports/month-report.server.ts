import type { LedgerKind } from "~/db/enums";
import { LEDGER_KINDS } from "~/db/enums";
import { OPERATIONS_SHARE_PERCENT, RIDER_SHARE_PERCENT, type Centavos } from "~/money/money";
import { MANILA_OFFSET_MS, type Period } from "~/time/manila";
import { allocateCoopFund } from "~/admin/live-deliveries";

/**
 * The admin's month report (View Reports, PRODUCT.md Money and Money out), in centavos, from the
 * same rows and rules as `/api/admin/stats`: delivered fares dated by delivered_at, cancellation
 * fees charged while a rider held the delivery dated by cancelled_at, each split per delivery
 * (rider = round(85%), operations = round(10%) less the promo, member benefits = the rest), and the
 * riders' ledger for the money that went to and from riders. docs/decisions/0120-riders-ledger.md.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const share = (column: string, percent: number) => `CAST(round(${column} * ${percent} / 100.0) AS INTEGER)`;
/** The Manila day number of a UTC-ms column (days since 1970-01-01 in Manila). */
const manilaDay = (column: string) => `((${column} + ${MANILA_OFFSET_MS}) / ${DAY_MS})`;

export interface ReportDay {
  /** YYYY-MM-DD, Manila. */
  day: string;
  deliveries: number;
  /** Fares of the day's deliveries plus its cancellation fees. */
  revenue: Centavos;
}

export interface MonthReport {
  month: string;
  deliveries: number;
  /** Rate-card fares (base + distance + size) of the delivered deliveries. */
  grossFares: Centavos;
  idDiscounts: Centavos;
  /** Fares after ID discounts: what is split 85/10/5. */
  fares: Centavos;
  promotions: Centavos;
  cancellationFees: Centavos;
  cancellationsCharged: number;
  /** fares + cancellation fees: the admin dashboard's revenue. */
  revenue: Centavos;
  riderShares: Centavos;
  /** Operations' 10%, less the promotions it carries. */
  operations: Centavos;
  memberBenefits: Centavos;
  /** revenue − rider shares (operations + promotions + member benefits): what the fund allocation divides. */
  coopShare: Centavos;
  /** The admin dashboard's Coop Fund Allocation (40/25/15/20) of the coop share. */
  fundAllocation: ReturnType<typeof allocateCoopFund>;
  /** The month's ledger entries summed by kind (signed). */
  ledger: Record<LedgerKind, Centavos>;
  /** At the month's end: the sum of positive balances (the co-op owes riders) and of negative ones, as a positive amount (riders owe the co-op). */
  owedToRiders: Centavos;
  owedByRiders: Centavos;
  days: ReportDay[];
}

interface DayRow {
  d: number;
  n: number;
  gross: number;
  id_discounts: number;
  fares: number;
  promos: number;
  rider: number;
  ops: number;
}

export async function monthReport(d1: D1Database, month: string, period: Period): Promise<MonthReport> {
  const [delivered, fees, ledger, balances] = await d1.batch<Record<string, number | string>>([
    d1
      .prepare(
        `SELECT ${manilaDay("delivered_at")} AS d, count(*) AS n, sum(base_fare + distance_fee + size_fee) AS gross, sum(id_discount_amount) AS id_discounts,
                sum(total_fee) AS fares, sum(promo_discount) AS promos,
                sum(${share("total_fee", RIDER_SHARE_PERCENT)}) AS rider, sum(${share("total_fee", OPERATIONS_SHARE_PERCENT)}) AS ops
         FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2 GROUP BY d`,
      )
      .bind(period.start, period.end),
    d1
      .prepare(
        `SELECT ${manilaDay("cancelled_at")} AS d, count(*) AS n, sum(cancellation_fee) AS fares,
                sum(${share("cancellation_fee", RIDER_SHARE_PERCENT)}) AS rider, sum(${share("cancellation_fee", OPERATIONS_SHARE_PERCENT)}) AS ops
         FROM deliveries WHERE cancelled_at >= ?1 AND cancelled_at < ?2 AND rider_id IS NOT NULL AND cancellation_fee > 0 GROUP BY d`,
      )
      .bind(period.start, period.end),
    d1.prepare("SELECT kind, sum(amount) AS total FROM ledger_entries WHERE at >= ?1 AND at < ?2 GROUP BY kind").bind(period.start, period.end),
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
    cancellationFees: 0,
    cancellationsCharged: 0,
    revenue: 0,
    riderShares: 0,
    operations: 0,
    memberBenefits: 0,
    coopShare: 0,
    fundAllocation: allocateCoopFund(0),
    ledger: Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, 0])) as Record<LedgerKind, Centavos>,
    owedToRiders: 0,
    owedByRiders: 0,
    days: [],
  };
  let operationsBeforePromos = 0;
  for (const row of deliveredRows) {
    report.deliveries += row.n;
    report.grossFares += row.gross;
    report.idDiscounts += row.id_discounts;
    report.fares += row.fares;
    report.promotions += row.promos;
    report.riderShares += row.rider;
    operationsBeforePromos += row.ops;
    const day = dayOf(row.d);
    day.deliveries += row.n;
    day.revenue += row.fares;
  }
  for (const row of feeRows) {
    report.cancellationsCharged += row.n;
    report.cancellationFees += row.fares;
    report.riderShares += row.rider;
    operationsBeforePromos += row.ops;
    dayOf(row.d).revenue += row.fares;
  }
  report.revenue = report.fares + report.cancellationFees;
  report.operations = operationsBeforePromos - report.promotions;
  report.memberBenefits = report.revenue - report.riderShares - operationsBeforePromos;
  report.coopShare = report.revenue - report.riderShares;
  report.fundAllocation = allocateCoopFund(report.coopShare);
  for (const row of ledger!.results as { kind: LedgerKind; total: number }[]) report.ledger[row.kind] = row.total;
  const owed = balances!.results[0] as { owed_to: number; owed_by: number };
  report.owedToRiders = owed.owed_to;
  report.owedByRiders = owed.owed_by;
  report.days = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  return report;
}
