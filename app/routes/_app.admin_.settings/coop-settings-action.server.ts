import { data } from "@remix-run/cloudflare";
import type { OpenVoteOnSettings } from "~/coop/proposals.server";
import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { formatManilaDateTime } from "~/i18n/manila";
import { settingsFormSchema, settingsToBody } from "~/settings/settings-schema";
import { saveSettingsChange } from "~/settings/settings-save.server";

/** The steps of Save: check the changes, confirm them, confirm again a price moved by more than 50%. */
export const SETTINGS_STEPS = ["review", "confirm", "large"] as const;
export type SettingsStep = (typeof SETTINGS_STEPS)[number];

/** An open settings vote that would change a setting being saved, as the review shows it. */
const voteCard = (vote: OpenVoteOnSettings) => ({
  title: vote.title,
  closesText: formatManilaDateTime(vote.closesAt),
  changes: vote.changes,
});

/**
 * /admin/settings' action (decision 0187): the form is read with `PUT /api/admin/settings`'s rules,
 * its hidden `baseVersion` naming the version the page was loaded with. Save answers the changes
 * (before → after) to confirm; Confirm saves, unless a price moves by more than 50%, which asks once
 * more (the `/api` route's `confirmLargeChange`); the saved version answers a redirect with a toast.
 * Invalid values answer their field's refusal (400). At any step, when another version came in
 * since the page was loaded (an admin's save, the members' vote), nothing is saved: 409 with what
 * changed since, and the form again holding the newest settings with this admin's own changes on
 * top (decision 0219).
 */
export async function coopSettingsAction(request: Request, env: Env) {
  const form = await readForm(request);
  const step = intentOf(form, SETTINGS_STEPS) ?? "review";
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    return submitForm(form, settingsFormSchema, async (body, submission) => {
      const save = await saveSettingsChange(env.DB, admin, body, step, { reviewUnchanged: true });
      switch (save.outcome) {
        case "changedSince": {
          const { conflict } = save;
          const result = {
            ...submission.reply(),
            initialValue: { ...settingsToBody(save.rebased), baseVersion: conflict.newest.version },
          };
          const changed = {
            version: conflict.newest.version,
            base: conflict.base,
            changes: conflict.changes,
            versions: conflict.versions,
            both: save.both,
          };
          return data({ result, conflict: changed }, { status: 409 });
        }
        case "review":
          return data({
            result: submission.reply(),
            review: "confirm" as const,
            changes: save.changes,
            openVotes: save.openVotes.map(voteCard),
          });
        case "large":
          return data({
            result: submission.reply(),
            review: "large" as const,
            changes: save.large,
            openVotes: save.openVotes.map(voteCard),
          });
        case "saved":
          return redirectWithToast(request, "/admin/settings", {
            title: translate(language, "adminMoney.settings.saved"),
            description: translate(language, "adminMoney.settings.savedText", { version: save.version.version }),
          });
      }
    });
  });
}
