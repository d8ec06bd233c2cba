import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { recordMembership } from "~/riders/rider-memberships.server";

/** `POST /api/admin/riders/{id}/membership` (admins, empty body): records the ₱500 fee of an eligible rider; 200 `{membership}`; 404 not an approved rider; 409 not eligible or already a member. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const membership = await recordMembership(args.context.cloudflare.env.DB, admin, args.params.id ?? "");
  return Response.json({ membership });
});

export const loader = methodNotAllowed;
