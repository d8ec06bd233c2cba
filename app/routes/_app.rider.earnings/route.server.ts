import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/role-page.server";
import { getDb } from "~/db/client.server";
import { newFormKey } from "~/forms/form-key.server";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";
import { riderCashouts } from "~/ledger/cashouts.server";
import { lastGcashAccount } from "~/ledger/gcash-payouts.server";
import { ledgerCursor, riderLedger } from "~/ledger/ledger.server";
import { cashoutAction } from "~/riders/rider-own-actions.server";
import { manilaMonth } from "~/i18n/manila";
import { riderEarningsReport } from "./earnings-report.server";
import { riderFigures } from "~/ledger/rider-figures.server";

/** The ledger's entries a page at a time (`?cursor=` from "Older entries"): Cash Out stays near the top however many there are. */
const LEDGER_PAGE = 10;

/** View Earnings: the balance and Cash Out, today, this week and this month in Manila, day by day, and the figures. */
export async function riderEarningsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "rider");
  const language = languageOf(request, user);
  const words = {
    i18n: messagesFor(language, ["rider", "server.ledger", "server.validation"]),
    title: translate(language, "rider.meta.earnings"),
  };
  const now = Date.now();
  const cursor = ledgerCursor(new URL(request.url).searchParams.get("cursor"));
  const [report, figures, ledger, cashouts, gcash] = await Promise.all([
    riderEarningsReport(getDb(env.DB), user.id, now),
    riderFigures(env.DB, user.id, now),
    riderLedger(env.DB, user.id, manilaMonth(now), { cursor, limit: LEDGER_PAGE }),
    riderCashouts(env.DB, user.id, 10),
    lastGcashAccount(env.DB, user.id),
  ]);
  // A fresh Idempotency-Key for each rendering of the cash-out form: a repeat of the same submit pays once.
  return {
    page: { report, figures, now, ledger, olderLedgerPage: cursor !== null, cashouts, gcash, cashoutKey: newFormKey() },
    ...words,
  };
}

/** Cash Out (app/riders/rider-own-actions.server.ts): once per form, whatever the taps. */
export const riderEarningsAction = (args: ActionFunctionArgs) => cashoutAction(args, "/rider/earnings");
