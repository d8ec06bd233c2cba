import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { validationRefusal } from "~/http/refusal";
import { adminCashouts } from "~/ledger/cashouts.server";
import { cashoutStatusQuerySchema } from "~/ledger/ledger-schemas";

/** `GET /api/admin/cashouts?status=requested|paid|rejected` (admins): `{ cashouts }`, waiting ones oldest first. */
export const loader = apiHandler(["GET"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const query = cashoutStatusQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!query.success) throw validationRefusal(query.error);
  return Response.json({ cashouts: await adminCashouts(args.context.cloudflare.env.DB, query.data.status) });
});

export const action = methodNotAllowed;
