import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { MONTH_PATTERN } from "~/ledger/ledger";
import { monthPeriod } from "~/ledger/ledger.server";
import { monthCsvStream } from "~/reports/month-csv.server";

/** `GET /api/admin/reports/{YYYY-MM}.csv` (admins): the month's deliveries, cancellation fees and ledger entries as CSV. */
export const loader = apiHandler(["GET"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const file = args.params.file ?? "";
  const month = file.endsWith(".csv") ? file.slice(0, -4) : "";
  if (!MONTH_PATTERN.test(month)) throw new Refusal(404, "server.ledger.reportNotFound");
  return new Response(monthCsvStream(args.context.cloudflare.env.DB, monthPeriod(month)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hatid-report-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = methodNotAllowed;
