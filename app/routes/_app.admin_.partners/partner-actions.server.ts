import { z } from "zod";
import { getDb } from "~/db/client.server";
import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { encodeMessage } from "~/i18n/message";
import { addPartnerMember, createPartner, memberSchema, partnerSchema } from "~/partners/partners.server";
import { unknownIntent } from "~/admin/money-actions.server";

const partnerId = z
  .string({ required_error: encodeMessage("server.http.bodyUnreadable") })
  .trim()
  .min(1)
  .max(100);

/**
 * /admin/partners' forms (decision 0187): create a partner, add a customer to one, with
 * `POST /api/admin/partners` and `.../members`' schemas and functions.
 */
export async function partnersAction(request: Request, env: Env) {
  const form = await readForm(request);
  const intent = intentOf(form, ["create", "addMember"] as const);
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    switch (intent) {
      case "create":
        return submitForm(form, partnerSchema, async (input) => {
          await createPartner(getDb(env.DB), admin, input);
          return redirectWithToast(request, "/admin/partners", {
            title: translate(language, "admin.partners.createdToast"),
            description: input.name,
          });
        });
      case "addMember":
        return submitForm(form, memberSchema.extend({ partnerId }), async ({ partnerId: id, phoneNumber }) => {
          const partner = await env.DB.prepare("SELECT name FROM business_partners WHERE id = ?1")
            .bind(id)
            .first<{ name: string }>();
          await addPartnerMember(getDb(env.DB), admin, id, phoneNumber);
          return redirectWithToast(request, "/admin/partners", {
            title: translate(language, "admin.partner.addedToast"),
            description: translate(language, "admin.partner.addedToastText", { partner: partner?.name ?? "" }),
          });
        });
      default:
        return unknownIntent();
    }
  });
}
