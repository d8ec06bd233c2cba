import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageAccess } from "~/admin/admin-page.server";
import { serviceStatuses } from "./services.server";

/** /admin/setup (admins): every outside service and secret, its state, the provider's last answers and what waits on it. */
export async function adminSetupLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["adminSetup"], title: "adminSetup.title" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, services: [], ...page };
  return { allowed: true as const, services: await serviceStatuses(env), ...page };
}
