import { clientAddressOf } from "~/auth/identity.server";
import { readForm, redirectWithToast, submitForm } from "~/forms/form-action.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { submitApplication } from "~/riders/applications.server";
import { riderApplicationSchema } from "~/riders/rider-application";

/**
 * /become-rider's action (the page is a plain form, decision 0188), through the one form action
 * (decision 0187): the schema of `POST /api/rider-applications`, stored the same way. Invalid input
 * (400) or a refusal (its status, on its field when it names one) answers the form again with its
 * messages (encoded: the page puts them in its language); a stored application answers a redirect
 * to the empty form with the 'Application Submitted!' toast.
 */
export async function submitApplicationForm(request: Request, env: Env) {
  return submitForm(await readForm(request), riderApplicationSchema, async (application) => {
    const language = languageOf(request);
    await submitApplication(env, application, clientAddressOf(request), language);
    return redirectWithToast(request, "/become-rider", {
      title: translate(language, "becomeRider.form.submitted"),
      description: translate(language, "becomeRider.form.submittedText"),
    });
  });
}
