import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { MONTH_PATTERN } from "~/ledger/ledger";
import { monthPeriod } from "~/ledger/ledger.server";
import { formatPesos } from "~/money/money";
import { monthReport } from "~/reports/month-report.server";
import { ReportChart } from "~/reports/report-chart";
import { ReportFigures } from "~/reports/report-figures";
import adminStyles from "~/styles/admin.css";
import { formatManilaMonth, manilaDate } from "~/time/manila";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Reports · Hatid" }];

const DAY_MS = 24 * 60 * 60 * 1000;

/** View Reports (`/admin/reports?month=YYYY-MM`, default this Manila month). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "admin");
  if (denied) return denied;
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = MONTH_PATTERN.test(asked) ? asked : manilaDate(Date.now()).slice(0, 7);
  const period = monthPeriod(month);
  if (!user) return { allowed: true as const, month, report: null, monthDays: [], invalid: false };
  const monthDays = Array.from({ length: Math.round((period.end - period.start) / DAY_MS) }, (_, i) => manilaDate(period.start + i * DAY_MS));
  return { allowed: true as const, month, report: await monthReport(env.DB, month, period), monthDays, invalid: asked !== "" && asked !== month };
}

export default function Reports() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (!data.allowed) return <AccessDenied message="Access Denied: Admin access required for this page" />;
  const { month, report, monthDays, invalid } = data;
  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">← Coop Admin Panel</Link>
      </p>
      <h1>Reports</h1>
      <Form method="get" className="report-month">
        <label htmlFor="report-month">Month</label>
        <input id="report-month" name="month" type="month" defaultValue={month} required />
        <button type="submit" className="button button-secondary">
          {navigation.state === "loading" ? "Loading..." : "Show"}
        </button>
        <a className="button" href={`/api/admin/reports/${month}.csv`} download>
          Download CSV
        </a>
      </Form>
      {invalid ? <p className="field-error">That is not a month as YYYY-MM; showing {month}.</p> : null}
      {report ? (
        <>
          <h2>{formatManilaMonth(`${month}-15T12:00:00+08:00`)}</h2>
          {report.deliveries === 0 && report.cancellationsCharged === 0 ? <p className="muted">No deliveries this month.</p> : null}
          <section className="card" aria-labelledby="per-day">
            <h2 id="per-day">Deliveries and revenue per day</h2>
            <ReportChart days={report.days} monthDays={monthDays} />
            <details>
              <summary>The figures per day</summary>
              <table className="report-table">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Deliveries</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {report.days.map((day) => (
                    <tr key={day.day}>
                      <td>{day.day}</td>
                      <td>{day.deliveries}</td>
                      <td>{formatPesos(day.revenue)}</td>
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
