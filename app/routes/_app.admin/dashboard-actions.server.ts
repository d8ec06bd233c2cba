import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { formKeyOf, onceForFormKey } from "~/forms/form-key.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { pesosToCentavos } from "~/money/money";
import { adminAssign, adminCancel } from "~/admin/delivery-control.server";
import { assignFormSchema, cancelFormSchema } from "~/admin/delivery-control";
import { unknownIntent } from "~/admin/money-actions.server";

export const DASHBOARD_INTENTS = ["assign", "cancel"] as const;

/** Back to the dashboard as it was (its filter kept). */
const dashboardUrl = (request: Request) => {
  const filter = new URL(request.url).searchParams.get("filter");
  return filter ? `/admin?filter=${encodeURIComponent(filter)}` : "/admin";
};

/**
 * The dashboard's Assign / Reassign and Cancel (decision 0187), calling what
 * `POST /api/admin/deliveries/{id}/assign|cancel` call with their schemas. Cancel may charge a fee:
 * it carries the key made at render, so a double submit cancels (and charges) once.
 */
export async function dashboardAction(request: Request, env: Env) {
  const form = await readForm(request);
  const intent = intentOf(form, DASHBOARD_INTENTS);
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    switch (intent) {
      case "assign":
        return submitForm(form, assignFormSchema, async ({ deliveryId, riderId }) => {
          await adminAssign({ env, origin: new URL(request.url).origin }, admin, deliveryId, riderId);
          const tail = `#${deliveryIdTail(deliveryId)}`;
          return redirectWithToast(request, dashboardUrl(request), {
            title: translate(language, "admin.controls.assignedToast"),
            description: translate(language, "admin.controls.assignedToastText", { tail }),
          });
        });
      case "cancel":
        return submitForm(form, cancelFormSchema, async ({ deliveryId, reason, fee }) =>
          onceForFormKey(env, admin.id, formKeyOf(form), `cancel:${deliveryId}`, async () => {
            await adminCancel({ env, origin: new URL(request.url).origin }, admin, deliveryId, {
              reason,
              fee: fee === undefined ? 0 : pesosToCentavos(fee),
            });
            const tail = `#${deliveryIdTail(deliveryId)}`;
            return redirectWithToast(request, dashboardUrl(request), {
              title: translate(language, "admin.controls.cancelledToast"),
              description: translate(language, "admin.controls.cancelledToastText", { tail }),
            });
          }),
        );
      default:
        return unknownIntent();
    }
  });
}
