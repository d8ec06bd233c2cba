import { z } from "zod";
import { changeRole, deactivateAccount, updateProfile } from "~/auth/accounts.server";
import { deleteAccountSchema, profileSchema, roleSchema } from "~/auth/auth-schemas";
import { clearSessionCookieHeader } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { idUploadFromForm, submitIdDiscount } from "~/pricing/id-discounts.server";
import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { Refusal } from "~/http/refusal";
import { languageOf, translate } from "~/i18n/i18n.server";
import { tellRoomsUserChanged } from "~/tracking/room.server";

export const SETTINGS_INTENTS = ["profile", "role", "delete", "idDiscount"] as const;

/**
 * The /settings page's action (decision 0187), one intent per form, each with the schema and the
 * function of its `/api` route: `profile` (PATCH /api/auth/user/profile), `role` (PATCH
 * /api/auth/user/role), `delete` (DELETE /api/auth/user/account: signs out, goes home) and
 * `idDiscount` (POST /api/discounts/id: the photo to R2, the application to D1).
 */
export async function accountSettingsAction(request: Request, env: Env) {
  const form = await readForm(request);
  return runFormStep(async () => {
    const user = await requireActionUser(request, env);
    const language = languageOf(request, user);
    const db = getDb(env.DB);
    switch (intentOf(form, SETTINGS_INTENTS)) {
      case "profile":
        return submitForm(form, profileSchema, async (profile) => {
          const updated = await updateProfile(db, user, profile);
          const said = languageOf(request, updated);
          return redirectWithToast(request, "/settings", {
            title: translate(said, "settings.personal.saved"),
            description: translate(said, "settings.personal.savedBody"),
          });
        });
      case "role":
        return submitForm(form, roleSchema, async ({ role }) => {
          const updated = await changeRole(db, user, role);
          // Its open tracking sockets follow the new role at once (decision 0214).
          if (updated.role !== user.role) await tellRoomsUserChanged(env, { userId: user.id, role: updated.role });
          return redirectWithToast(request, "/settings", {
            title: translate(language, "settings.role.updated"),
            description: translate(language, "settings.role.updatedBody"),
          });
        });
      case "delete":
        return submitForm(form, deleteAccountSchema, async () => {
          await deactivateAccount(db, user);
          await tellRoomsUserChanged(env, { userId: user.id, signedOut: true });
          return redirectWithToast(
            request,
            "/",
            {
              title: translate(language, "settings.danger.deleted"),
              description: translate(language, "settings.danger.deletedBody"),
            },
            { headers: { "Set-Cookie": clearSessionCookieHeader(request) } },
          );
        });
      case "idDiscount":
        // The photo's checks are the API's (readIdUpload's); the empty schema only gives the answer its fields.
        return submitForm(form, z.object({}), async () => {
          await submitIdDiscount(env, user, await idUploadFromForm(form));
          return redirectWithToast(request, "/settings", {
            title: translate(language, "settings.id.uploaded"),
            description: translate(language, "settings.id.uploadedBody"),
          });
        });
      default:
        throw new Refusal(400, "server.validation.invalidBody");
    }
  });
}
