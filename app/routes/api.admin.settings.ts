import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, readJsonBody } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { settingsSaveBodySchema, settingsToBody } from "~/settings/settings-schema";
import { changedSinceRefusal, largeChangeRefusal, openVotesView } from "~/settings/settings-guard.server";
import { saveSettingsChange } from "~/settings/settings-save.server";
import { settingsHistory, settingsInForce } from "~/settings/settings.server";
import type { SettingsVersion } from "~/settings/coop-settings";

const view = (version: SettingsVersion) => ({
  version: version.version,
  createdAt: version.createdAt,
  createdBy: version.createdBy,
  settings: settingsToBody(version.settings),
});

/** `GET /api/admin/settings` (admins): the version in force (money in pesos) and the history of changes. */
export const loader = apiHandler(["GET"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const { DB } = args.context.cloudflare.env;
  const [current, history] = await Promise.all([settingsInForce(DB), settingsHistory(DB)]);
  return Response.json({ ...view(current), history });
});

/**
 * `PUT /api/admin/settings` (admins) with the whole settings (rateCard, cancellationFees,
 * incentives, promoCodes, idDiscountPercents; pesos) and `baseVersion`, the `version` they were
 * read from: stored as a new version, in force for quotes and bookings from now; earlier bookings
 * keep theirs. 200 with the new version (and `openVotes`: open settings proposals that would change
 * a setting this save changed, whose value replaces it if they pass); 400 naming the field; 409
 * `{ needs: "baseVersion", version, settings, changesSince, versionsSince }` when another version
 * (an admin's save or the members' vote) came in after `baseVersion` (decision 0219); 409
 * `{ needs: "confirmLargeChange", largeChanges }` when a price moves by more than 50% without
 * `confirmLargeChange: true`. `contacts` ({ hotline, messenger, email }) left out keeps those in force.
 */
export const action = apiHandler(["PUT"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, settingsSaveBodySchema);
  const language = languageOf(args.request, admin);
  const save = await saveSettingsChange(
    args.context.cloudflare.env.DB,
    admin,
    body,
    body.confirmLargeChange === true ? "large" : "confirm",
    { reviewUnchanged: false },
  );
  switch (save.outcome) {
    case "changedSince":
      return changedSinceRefusal(save.conflict, language);
    case "large":
      return largeChangeRefusal(save.large, language);
    case "review":
      throw new Error("a save from the API is never only reviewed");
    case "saved":
      return Response.json({ ...view(save.version), openVotes: openVotesView(save.openVotes, language) });
  }
});
