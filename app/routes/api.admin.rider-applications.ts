import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { validationRefusal } from "~/http/refusal";
import { listApplications } from "~/riders/applications.server";
import { applicationStatusQuerySchema } from "~/riders/rider-schemas";

/** `GET /api/admin/rider-applications?status=submitted|approved|rejected` (admins): `{applications}`, newest first. */
export const loader = apiHandler(["GET", "HEAD"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const parsed = applicationStatusQuerySchema.safeParse({
    status: new URL(args.request.url).searchParams.get("status") ?? undefined,
  });
  if (!parsed.success) throw validationRefusal(parsed.error);
  const applications = await listApplications(getDb(args.context.cloudflare.env.DB), parsed.data.status);
  return Response.json({ applications }, { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed;
