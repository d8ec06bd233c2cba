import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, readJsonBody } from "~/http/api.server";
import { createPartner, listPartners, partnerSchema } from "~/partners/partners.server";

/** `GET /api/admin/partners`: every business partner with its number of customers. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  await requireApiRole({ request, context }, "admin");
  return Response.json(await listPartners(getDb(context.cloudflare.env.DB)));
});

/** `POST /api/admin/partners` with `{name, billingEmail}`: 201 with the partner. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const admin = await requireApiRole({ request, context }, "admin");
  const input = await readJsonBody(request, partnerSchema);
  return Response.json(await createPartner(getDb(context.cloudflare.env.DB), admin, input), { status: 201 });
});
