import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { adminRetryRefund } from "~/payments/refunds.server";

/**
 * `POST /api/admin/refunds/{paymentId}/retry` (admins): tries a pending refund now. 200
 * `{paymentId, status: "refunded" | "pending", attempts, error}`; 404 unknown; 409 already refunded
 * or an attempt under way.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  return adminRetryRefund(args.context.cloudflare.env, args.params.paymentId ?? "");
});

export const loader = methodNotAllowed;
