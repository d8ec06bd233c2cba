import { parseWithZod } from "@conform-to/zod";
import { clientAddressOf } from "~/auth/identity.server";
import { isRefusal } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";
import { languageOf } from "~/i18n/i18n.server";
import { submitApplication } from "~/riders/applications.server";
import { riderApplicationSchema } from "./rider-application";

/**
 * /become-rider's action, reached only without JavaScript (the page posts to
 * `/api/rider-applications` otherwise): the same schema, stored the same way; a refusal is shown
 * as a form error (encoded: the page puts it in its language). Server-only, so conform and zod stay out of the page's JavaScript.
 */
export async function submitApplicationForm(request: Request, env: Env) {
  const submission = parseWithZod(await request.formData(), { schema: riderApplicationSchema });
  if (submission.status !== "success") return submission.reply();
  try {
    await submitApplication(env, submission.value, clientAddressOf(request), languageOf(request));
  } catch (error) {
    if (isRefusal(error)) return submission.reply({ formErrors: [encodeMessage(error.id, error.values)] });
    throw error;
  }
  return submission.reply({ resetForm: true });
}
