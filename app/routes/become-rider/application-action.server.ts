import { parseWithZod } from "@conform-to/zod";
import { clientAddressOf } from "~/auth/identity.server";
import { redirectWithToast } from "~/forms/form-action.server";
import { isRefusal } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";
import { languageOf, translate } from "~/i18n/i18n.server";
import { submitApplication } from "~/riders/applications.server";
import { riderApplicationSchema } from "~/riders/rider-application";

/**
 * /become-rider's action (the page is a plain form, decision 0188): the schema of
 * `POST /api/rider-applications`, stored the same way. Invalid input or a refusal answers the
 * form again with its messages (encoded: the page puts them in its language); a stored
 * application answers a redirect to the empty form with the spec's 'Application Submitted!' toast.
 */
export async function submitApplicationForm(request: Request, env: Env) {
  const submission = parseWithZod(await request.formData(), { schema: riderApplicationSchema });
  if (submission.status !== "success") return submission.reply();
  const language = languageOf(request);
  try {
    await submitApplication(env, submission.value, clientAddressOf(request), language);
  } catch (error) {
    if (isRefusal(error)) return submission.reply({ formErrors: [encodeMessage(error.id, error.values)] });
    throw error;
  }
  return redirectWithToast(request, "/become-rider", {
    title: translate(language, "becomeRider.form.submitted"),
    description: translate(language, "becomeRider.form.submittedText"),
  });
}
