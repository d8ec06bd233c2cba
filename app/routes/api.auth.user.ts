import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { toUserView } from "~/auth/user-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

export const loader = apiHandler(["GET", "HEAD"], async (args: LoaderFunctionArgs) =>
  Response.json(toUserView(await requireApiUser(args))),
);
export const action = methodNotAllowed;
