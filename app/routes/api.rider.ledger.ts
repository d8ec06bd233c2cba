import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { entryInPesos, readMonth, riderLedger } from "~/ledger/ledger.server";
import { centavosToPesos } from "~/money/money";
import { requireRider } from "~/riders/availability.server";

/**
 * `GET /api/rider/ledger?month=YYYY-MM` (riders): `{ balance, month, entries }`, the balance of all
 * time in pesos (positive: the co-op owes the rider) and the month's entries (signed pesos, newest
 * first; notes in the caller's language); the month defaults to this Manila month.
 */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const { month, period } = readMonth(new URL(request.url), Date.now());
  const ledger = await riderLedger(context.cloudflare.env.DB, rider.id, period);
  return Response.json({
    balance: centavosToPesos(ledger.balance),
    month,
    entries: ledger.entries.map((entry) => entryInPesos(entry, languageOf(request, rider))),
  });
});

export const action = methodNotAllowed;
