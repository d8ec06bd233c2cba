import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { languageOf } from "~/i18n/i18n.server";
import { clientAddressOf } from "~/auth/identity.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { riderApplicationSchema } from "~/riders/rider-application";
import { submitApplication } from "~/riders/applications.server";

/**
 * `POST /api/rider-applications` (no sign-in): the /become-rider form. 201 `{id, status:
 * "submitted"}` once stored, and an SMS to the applicant; 400 with the form's messages; 409 while
 * an earlier application from the same mobile waits; 429 past 10 an hour from one address.
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const application = await readJsonBody(request, riderApplicationSchema);
  const stored = await submitApplication(
    context.cloudflare.env,
    application,
    clientAddressOf(request),
    languageOf(request),
  );
  return Response.json(stored, { status: 201 });
});

export const loader = methodNotAllowed;
