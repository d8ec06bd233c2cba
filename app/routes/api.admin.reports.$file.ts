import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { monthPeriod } from "~/ledger/ledger.server";
import { monthCsvStream, monthFundCsv } from "~/ledger/month-csv.server";
import { parseReportFile, reportFileName } from "~/ledger/report-files";

/**
 * `GET /api/admin/reports/{YYYY-MM}.csv` (admins): the month's deliveries, cancellation fees and
 * ledger entries; `{YYYY-MM}-fund.csv`: the member benefits fund's movements and surplus returns.
 */
export const loader = apiHandler(["GET"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const asked = parseReportFile(args.params.file ?? "");
  if (!asked) throw new Refusal(404, "server.ledger.reportNotFound");
  const { DB } = args.context.cloudflare.env;
  const period = monthPeriod(asked.month);
  return new Response(asked.file === "fund" ? await monthFundCsv(DB, period) : monthCsvStream(DB, period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportFileName(asked.month, asked.file)}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = methodNotAllowed;
