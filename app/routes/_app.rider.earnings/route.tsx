import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import type { riderEarningsLoader as loader } from "./route.server";
import { Link, useLoaderData } from "@remix-run/react";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { CashoutCard } from "./cashout-form";
import { LedgerCard } from "./ledger-card";
import { formatPesos } from "~/money/money";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { PerformanceCard } from "~/riders/performance-card";
import { StatCard } from "~/components/stat-card";
import { useT } from "~/i18n/i18n";
import riderStyles from "~/styles/rider.css";
import { formatManilaDateTime, formatManilaDay, formatManilaMonth } from "~/i18n/manila";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: riderStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "View Earnings · Hatid" },
];

export { riderEarningsLoader as loader, riderEarningsAction as action } from "./route.server";

export default function RiderEarningsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!("page" in data) || !data.page) return null;
  const { report, figures, now, ledger, olderLedgerPage, cashouts, gcash, cashoutKey } = data.page;
  // What a rider comes for first: the balance and Cash Out, on the first screen of a phone; the
  // figures, then the month's entries (a page at a time), below.
  return (
    <main className="page rider-dashboard rider-earnings">
      <p className="rider-back">
        <Link to="/rider-dashboard">{t("rider.backToDashboard")}</Link>
      </p>
      <h1>{t("rider.earnings.title")}</h1>
      <CashoutCard balance={ledger.balance} cashouts={cashouts} idempotencyKey={cashoutKey} gcash={gcash} />

      <p className="muted">{t("rider.earnings.intro", { percent: RIDER_SHARE_PERCENT })}</p>
      <section className="grid grid-4 rider-stats" aria-label={t("rider.earnings.periods")}>
        <StatCard label={t("rider.earnings.today")} value={formatPesos(report.today)} testId="earnings-today" />
        <StatCard label={t("rider.earnings.week")} value={formatPesos(report.week)} testId="earnings-week" />
        <StatCard label={t("rider.earnings.month")} value={formatPesos(report.month)} testId="earnings-month" />
        <StatCard label={t("rider.earnings.deliveredThisMonth")} value={String(report.deliveredThisMonth)} />
      </section>

      <LedgerCard
        balance={ledger.balance}
        entries={ledger.entries}
        monthLabel={formatManilaMonth(now)}
        nextCursor={ledger.nextCursor}
        olderPage={olderLedgerPage}
      />

      <div className="rider-layout">
        <section className="card" aria-labelledby="days-title">
          <h2 id="days-title">{t("rider.earnings.days", { month: formatManilaMonth(now) })}</h2>
          {report.days.length === 0 ? (
            <p className="muted">{t("rider.earnings.noDays")}</p>
          ) : (
            <ol className="rider-days" data-testid="earnings-days">
              {report.days.map((day) => (
                <li key={day.day}>
                  <details open={day === report.days[0]}>
                    <summary>
                      <span>{formatManilaDay(day.day)}</span>
                      <span className="muted">{t("rider.earnings.deliveries", { count: day.deliveries.length })}</span>
                      <strong>{formatPesos(day.share)}</strong>
                    </summary>
                    <ul className="rider-day-deliveries">
                      {day.deliveries.map((delivery) => (
                        <li key={delivery.id} data-delivery-id={delivery.id}>
                          <span>
                            #{deliveryIdTail(delivery.id)} · {delivery.pickupCity} → {delivery.dropoffCity}
                          </span>
                          <span className="muted">{formatManilaDateTime(delivery.deliveredAt)}</span>
                          <span>
                            {formatPesos(delivery.share)}{" "}
                            <span className="muted">
                              {t("rider.earnings.ofFee", { amount: formatPesos(delivery.totalFee) })}
                            </span>
                          </span>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ol>
          )}
          <p className="muted rider-note">{t("rider.earnings.daysNote")}</p>
        </section>
        <PerformanceCard figures={figures} explain />
      </div>
    </main>
  );
}
