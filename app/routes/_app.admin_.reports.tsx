import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
import { formatPesos } from "~/money/money";
import { ReportChart } from "~/reports/report-chart";
import { ReportFigures } from "~/reports/report-figures";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import { formatManilaMonth } from "~/time/manila";
import type { adminReportsLoader as loader } from "~/reports/reports-page.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminReportsLoader as loader } from "~/reports/reports-page.server";

export default function Reports() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const t = useT();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  const { month, report, monthDays, invalid } = data;
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.reports.heading")}</h1>
      <Form method="get" className="report-month">
        <label htmlFor="report-month">{t("adminMoney.reports.month")}</label>
        <input id="report-month" name="month" type="month" defaultValue={month} required />
        <button type="submit" className="button button-secondary">
          {navigation.state === "loading" ? t("adminMoney.reports.loading") : t("adminMoney.reports.show")}
        </button>
        <a className="button" href={`/api/admin/reports/${month}.csv`} download>
          {t("adminMoney.reports.download")}
        </a>
      </Form>
      {invalid ? <p className="field-error">{t("adminMoney.reports.invalidMonth", { month })}</p> : null}
      {report ? (
        <>
          <h2>{formatManilaMonth(`${month}-15T12:00:00+08:00`)}</h2>
          {report.deliveries === 0 && report.cancellationsCharged === 0 ? <p className="muted">{t("adminMoney.reports.empty")}</p> : null}
          <section className="card" aria-labelledby="per-day">
            <h2 id="per-day">{t("adminMoney.reports.perDay")}</h2>
            <ReportChart days={report.days} monthDays={monthDays} />
            <details>
              <summary>{t("adminMoney.reports.perDayTable")}</summary>
              <table className="report-table">
                <thead>
                  <tr>
                    <th scope="col">{t("adminMoney.reports.day")}</th>
                    <th scope="col">{t("adminMoney.reports.deliveries")}</th>
                    <th scope="col">{t("adminMoney.reports.revenue")}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.days.map((day) => (
                    <tr key={day.day}>
                      <td data-label={t("adminMoney.reports.day")}>{day.day}</td>
                      <td data-label={t("adminMoney.reports.deliveries")}>{day.deliveries}</td>
                      <td data-label={t("adminMoney.reports.revenue")} className="nowrap">{formatPesos(day.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
          <ReportFigures report={report} />
        </>
      ) : null}
    </main>
  );
}
