import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { ID_DISCOUNT_STATUSES } from "~/db/schema";
import { listIdDiscounts } from "~/pricing/id-discounts.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";

/** `GET /api/admin/id-discounts?status=pending|approved|rejected` (default pending): the review queue, oldest first. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  await requireApiRole({ request, context }, "admin");
  const status = new URL(request.url).searchParams.get("status") ?? "pending";
  if (!(ID_DISCOUNT_STATUSES as readonly string[]).includes(status))
    throw new Refusal(400, "server.discounts.statusInvalid", undefined, "status");
  return Response.json(await listIdDiscounts(context.cloudflare.env, status as (typeof ID_DISCOUNT_STATUSES)[number]));
});

export const action = methodNotAllowed;
