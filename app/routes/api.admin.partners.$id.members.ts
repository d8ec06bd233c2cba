import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { addPartnerMember, memberSchema } from "~/partners/partners.server";

/** `POST /api/admin/partners/{id}/members` with `{phoneNumber}`: adds that customer; 201 with the member. */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const admin = await requireApiRole({ request, context }, "admin");
  const { phoneNumber } = await readJsonBody(request, memberSchema);
  return Response.json(await addPartnerMember(getDb(context.cloudflare.env.DB), admin, params.id ?? "", phoneNumber), {
    status: 201,
  });
});

export const loader = methodNotAllowed;
