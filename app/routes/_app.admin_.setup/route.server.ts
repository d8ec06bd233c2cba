import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { serviceStatuses } from "~/providers/services.server";

/** /admin/setup (admins): every outside service and secret, its state, the provider's last answers and what waits on it. */
export async function adminSetupLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, { namespaces: ["adminSetup"], title: "adminSetup.title" });
  return { services: await serviceStatuses(env), ...page };
}
