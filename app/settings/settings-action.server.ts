import { data } from "@remix-run/cloudflare";
import { intentOf, readForm, redirectWithToast, requireActionUser, runFormStep, submitForm } from "~/forms/form-action.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { settingsChanges } from "./settings-diff";
import { settingsFormSchema, settingsFromBody } from "./settings-schema";
import { saveSettings, settingsInForce } from "./settings.server";

/** The steps of Save: check the changes, confirm them, confirm again a price moved by more than 50% (issue 27). */
export const SETTINGS_STEPS = ["review", "confirm", "large"] as const;
export type SettingsStep = (typeof SETTINGS_STEPS)[number];

/**
 * /admin/settings' action (decision 0187): the form is read with `PUT /api/admin/settings`'s rules.
 * Save answers the changes (before → after) to confirm; Confirm saves, unless a price moves by
 * more than 50%, which asks once more (the `/api` route's `confirmLargeChange`); the saved version
 * answers a redirect with a toast. Invalid values answer their field's refusal (400).
 */
export async function settingsAction(request: Request, env: Env) {
  const form = await readForm(request);
  const step = intentOf(form, SETTINGS_STEPS) ?? "review";
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    return submitForm(form, settingsFormSchema, async (body, submission) => {
      const current = await settingsInForce(env.DB);
      const next = settingsFromBody(body, current.settings);
      const changes = settingsChanges(current.settings, next);
      const large = changes.filter((change) => change.large);
      const ask = (review: "confirm" | "large") => data({ result: submission.reply(), review, changes: review === "large" ? large : changes });
      if (step === "review" || changes.length === 0) return ask("confirm");
      if (step === "confirm" && large.length > 0) return ask("large");
      const saved = await saveSettings(env.DB, admin, next);
      return redirectWithToast(request, "/admin/settings", {
        title: translate(language, "adminMoney.settings.saved"),
        description: translate(language, "adminMoney.settings.savedText", { version: saved.version }),
      });
    });
  });
}
