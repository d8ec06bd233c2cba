import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import {
  idDiscountPercentsInForce,
  reviewIdDiscount,
  reviewSchema,
  toIdDiscountView,
} from "~/pricing/id-discounts.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

/** `POST /api/admin/id-discounts/{id}/review` with `{decision: "approve"}` or `{decision: "reject", reason}`. */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const admin = await requireApiRole({ request, context }, "admin");
  const review = await readJsonBody(request, reviewSchema);
  const row = await reviewIdDiscount(context.cloudflare.env, admin, params.id ?? "", review);
  return Response.json({ application: toIdDiscountView(row, await idDiscountPercentsInForce(context.cloudflare.env)) });
});

export const loader = methodNotAllowed;
