import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { storedText } from "~/i18n/stored-text.server";
import { closePeriod } from "~/ledger/incentives.server";
import { payrollCloseSchema } from "~/ledger/ledger-schemas";
import { incentiveRulesInForce } from "~/settings/settings.server";

/**
 * `POST /api/admin/payroll/close` (admins) with `{ period: "day" | "week", date: "YYYY-MM-DD" }`:
 * closes a past Manila day or the week holding the date and awards its incentives. Closing it again
 * awards nothing more; both answer 200 `{ period, startDate, endDate, closedNow, closedAt, awards }`
 * (each award's note in the caller's language).
 * 409 while the period is still open.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, payrollCloseSchema);
  const { DB } = args.context.cloudflare.env;
  const now = Date.now();
  const result = await closePeriod(
    DB,
    { ...body, closedBy: admin.id, rules: await incentiveRulesInForce(DB, now) },
    now,
  );
  const language = languageOf(args.request, admin);
  return Response.json({
    ...result,
    awards: result.awards.map((award) => ({ ...award, note: storedText(language, award.note) })),
  });
});

export const loader = methodNotAllowed;
