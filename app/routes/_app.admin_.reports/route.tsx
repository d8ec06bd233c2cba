import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { formatPesos } from "~/money/money";
import { ReportChart } from "./report-chart";
import { ReportFigures } from "./report-figures";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import { formatManilaMonth } from "~/i18n/manila";
import { MONTH_PATTERN } from "~/ledger/ledger-rules";
import { isReportFile, reportFilePath } from "~/ledger/report-files";
import type { adminReportsLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminReportsLoader as loader } from "./route.server";

/**
 * A Download button fetches the month chosen in the field, shown or not. With JavaScript the file
 * is asked for at once (the report on screen stays); without it the form's GET does the same
 * through the loader.
 */
function downloadChosenMonth(event: React.FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const file = submitter?.getAttribute("name") === "download" ? submitter.getAttribute("value") : null;
  const month = new FormData(event.currentTarget).get("month");
  if (!isReportFile(file) || typeof month !== "string" || !MONTH_PATTERN.test(month)) return;
  event.preventDefault();
  window.location.assign(reportFilePath(month, file));
}

export default function Reports() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const t = useT();
  const { month, report, monthDays, invalid } = data;
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.reports.heading")}</h1>
      <Form method="get" className="report-month" onSubmit={downloadChosenMonth}>
        <label htmlFor="report-month">{t("adminMoney.reports.month")}</label>
        <input id="report-month" name="month" type="month" defaultValue={month} required />
        <button type="submit" className="button button-secondary">
          {navigation.state === "loading" ? t("adminMoney.reports.loading") : t("adminMoney.reports.show")}
        </button>
        <fieldset className="report-downloads">
          <legend>{t("adminMoney.reports.download")}</legend>
          <button type="submit" name="download" value="report" className="button">
            {t("adminMoney.reports.downloadReport")}
          </button>
          <button type="submit" name="download" value="fund" className="button">
            {t("adminMoney.reports.downloadFund")}
          </button>
        </fieldset>
      </Form>
      {invalid ? <p className="field-error">{t("adminMoney.reports.invalidMonth", { month })}</p> : null}
      {report ? (
        <>
          <h2>{formatManilaMonth(`${month}-15T12:00:00+08:00`)}</h2>
          {report.deliveries === 0 && report.cancellationsCharged === 0 ? (
            <p className="muted">{t("adminMoney.reports.empty")}</p>
          ) : null}
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
                      <td data-label={t("adminMoney.reports.revenue")} className="nowrap">
                        {formatPesos(day.revenue)}
                      </td>
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
