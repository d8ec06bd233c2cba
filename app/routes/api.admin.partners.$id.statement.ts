import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { partnerStatementCsv } from "~/partners/partners.server";

/** `GET /api/admin/partners/{id}/statement?month=YYYY-MM`: the month's invoice deliveries and total, as CSV. */
export const loader = apiHandler(["GET"], async ({ request, context, params }: LoaderFunctionArgs) => {
  await requireApiRole({ request, context }, "admin");
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const { csv } = await partnerStatementCsv(getDb(context.cloudflare.env.DB), params.id ?? "", month);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hatid-statement-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = methodNotAllowed;
