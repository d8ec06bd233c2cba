import { z } from "zod";
import { readForm, redirectWithToast, requireActionUser, runFormStep, submitForm } from "~/forms/form-action.server";
import { reviewIdDiscount, reviewSchema } from "~/pricing/id-discounts.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { encodeMessage } from "~/i18n/message";

const applicationId = z
  .string({ required_error: encodeMessage("server.http.bodyUnreadable") })
  .trim()
  .min(1)
  .max(100);

/**
 * /admin/id-discounts' Approve and Reject (decision 0187): `POST /api/admin/id-discounts/{id}/review`'s
 * schema and function, the application's id in a hidden field.
 */
export async function idDiscountsAction(request: Request, env: Env) {
  const form = await readForm(request);
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    const schema = z.intersection(z.object({ applicationId }), reviewSchema);
    return submitForm(form, schema, async (value) => {
      const { applicationId: id, ...review } = value;
      await reviewIdDiscount(env, admin, id, review as z.output<typeof reviewSchema>);
      return redirectWithToast(request, "/admin/id-discounts", {
        title: translate(
          language,
          review.decision === "approve" ? "admin.ids.approvedToast" : "admin.ids.rejectedToast",
        ),
      });
    });
  });
}
