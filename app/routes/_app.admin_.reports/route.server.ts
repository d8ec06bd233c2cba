import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { MONTH_PATTERN } from "~/ledger/ledger-rules";
import { monthPeriod } from "~/ledger/ledger.server";
import { monthReport } from "./month-report.server";
import { manilaDate } from "~/i18n/manila";
import { isReportFile, reportFilePath } from "~/ledger/report-files";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * View Reports (`/admin/reports?month=YYYY-MM`, default this Manila month). The month form's
 * Download buttons add `download=report|fund`: without JavaScript that answers with the chosen
 * month's file (a redirect, so the page stays as it was); with it the page asks for the file itself.
 */
export async function adminReportsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, { namespaces: ["adminMoney"], title: "adminMoney.title.reports" });
  const url = new URL(request.url);
  const asked = url.searchParams.get("month") ?? "";
  const month = MONTH_PATTERN.test(asked) ? asked : manilaDate(Date.now()).slice(0, 7);
  const period = monthPeriod(month);
  const download = url.searchParams.get("download");
  if (isReportFile(download) && month === asked) throw redirect(reportFilePath(month, download));
  const monthDays = Array.from({ length: Math.round((period.end - period.start) / DAY_MS) }, (_, i) =>
    manilaDate(period.start + i * DAY_MS),
  );
  return {
    month,
    report: await monthReport(env.DB, month, period),
    monthDays,
    invalid: asked !== "" && asked !== month,
    ...page,
  };
}
