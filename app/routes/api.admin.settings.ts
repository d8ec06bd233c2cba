import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, readJsonBody } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { settingsBodySchema, settingsFromBody, settingsToBody } from "~/settings/settings-schema";
import { largeChangeRefusal } from "~/settings/settings-guard.server";
import { saveSettings, settingsHistory, settingsInForce } from "~/settings/settings.server";
import type { SettingsVersion } from "~/settings/coop-settings";

const view = (version: SettingsVersion) => ({ version: version.version, createdAt: version.createdAt, createdBy: version.createdBy, settings: settingsToBody(version.settings) });

/** `GET /api/admin/settings` (admins): the version in force (money in pesos) and the history of changes. */
export const loader = apiHandler(["GET"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const { DB } = args.context.cloudflare.env;
  const [current, history] = await Promise.all([settingsInForce(DB), settingsHistory(DB)]);
  return Response.json({ ...view(current), history });
});

/**
 * `PUT /api/admin/settings` (admins) with the whole settings (rateCard, cancellationFees,
 * incentives, promoCodes, idDiscountPercents; pesos): stored as a new version, in force for
 * quotes and bookings from now; earlier bookings keep theirs. 200 with the new version; 400 naming the field;
 * 409 `{ needs: "confirmLargeChange", largeChanges }` when a price moves by more than 50% without
 * `confirmLargeChange: true`. `contacts` ({ hotline, messenger, email }) left out keeps those in force.
 */
export const action = apiHandler(["PUT"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, settingsBodySchema);
  const { DB } = args.context.cloudflare.env;
  const current = await settingsInForce(DB);
  const next = settingsFromBody(body, current.settings);
  const refusal = await largeChangeRefusal(current.settings, next, body.confirmLargeChange === true, languageOf(args.request, admin));
  if (refusal) return refusal;
  return Response.json(view(await saveSettings(DB, admin, next)));
});
