import { data as withStatus, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { newFormKey } from "~/forms/form-key.server";
import { Link, useLoaderData } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { getDb } from "~/db/client.server";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { riderEarningsReport } from "~/earnings/earnings-report.server";
import { riderFigures } from "~/earnings/rider-figures.server";
import { CashoutCard } from "~/ledger/cashout-form";
import { riderCashouts } from "~/ledger/cashouts.server";
import { LedgerCard } from "~/ledger/ledger-card";
import { riderLedger } from "~/ledger/ledger.server";
import { formatPesos } from "~/money/money";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { PerformanceCard } from "~/riders/performance-card";
import { cashoutAction } from "~/riders/rider-actions.server";
import { StatCard } from "~/components/stat-card";
import { useT } from "~/i18n/i18n";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";
import riderStyles from "~/styles/rider.css";
import { formatManilaDate, formatManilaDateTime, formatManilaMonth, manilaMonth } from "~/time/manila";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: riderStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: (data as { title?: string } | undefined)?.title ?? "View Earnings · Hatid" }];

/** View Earnings (PRODUCT.md, Money): today, this week and this month in Manila, day by day, and the figures. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "rider");
  const language = languageOf(request, user);
  const words = { i18n: messagesFor(language, ["rider", "server.ledger", "server.validation"]), title: translate(language, "rider.meta.earnings") };
  // Denied: the notice only, none of the page's data (nor its catalog).
  if (denied) return withStatus({ allowed: false as const, denied: translate(language, "rider.accessDenied"), title: words.title }, { status: 403 });
  if (!user) return { allowed: true as const, page: null };
  const now = Date.now();
  const [report, figures, ledger, cashouts] = await Promise.all([
    riderEarningsReport(getDb(env.DB), user.id, now),
    riderFigures(env.DB, user.id, now),
    riderLedger(env.DB, user.id, manilaMonth(now)),
    riderCashouts(env.DB, user.id, 10),
  ]);
  // A fresh Idempotency-Key for each rendering of the cash-out form: a repeat of the same submit pays once.
  return { allowed: true as const, page: { report, figures, now, ledger, cashouts, cashoutKey: newFormKey() }, ...words };
}

/** Cash Out (app/riders/rider-actions.server.ts): once per form, whatever the taps. */
export const action = (args: ActionFunctionArgs) => cashoutAction(args, "/rider/earnings");

export default function RiderEarningsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!data.allowed) return <AccessDenied message={data.denied} />;
  if (!("page" in data) || !data.page) return null;
  const { report, figures, now, ledger, cashouts, cashoutKey } = data.page;
  return (
    <main className="page rider-dashboard rider-earnings">
      <p>
        <Link to="/rider-dashboard">{t("rider.backToDashboard")}</Link>
      </p>
      <h1>{t("rider.earnings.title")}</h1>
      <p className="muted">{t("rider.earnings.intro", { percent: RIDER_SHARE_PERCENT })}</p>
      <section className="grid grid-4 rider-stats" aria-label={t("rider.earnings.periods")}>
        <StatCard label={t("rider.earnings.today")} value={formatPesos(report.today)} testId="earnings-today" />
        <StatCard label={t("rider.earnings.week")} value={formatPesos(report.week)} testId="earnings-week" />
        <StatCard label={t("rider.earnings.month")} value={formatPesos(report.month)} testId="earnings-month" />
        <StatCard label={t("rider.earnings.deliveredThisMonth")} value={String(report.deliveredThisMonth)} />
      </section>

      <div className="rider-layout">
        <LedgerCard balance={ledger.balance} entries={ledger.entries} monthLabel={formatManilaMonth(now)} />
        <CashoutCard balance={ledger.balance} cashouts={cashouts} idempotencyKey={cashoutKey} />
      </div>

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
                      <span>{formatManilaDate(`${day.day}T12:00:00+08:00`)}</span>
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
                            {formatPesos(delivery.share)} <span className="muted">{t("rider.earnings.ofFee", { amount: formatPesos(delivery.totalFee) })}</span>
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
