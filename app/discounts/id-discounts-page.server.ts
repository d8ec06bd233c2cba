import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageAccess } from "~/admin/admin-page.server";
import { idDiscountsAction } from "~/admin/id-discount-actions.server";
import { listIdDiscounts } from "~/discounts/id-discounts.server";

export async function adminIdDiscountsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["server.discounts", "server.http"], title: "admin.title.idDiscounts" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, queue: [], ...page };
  return { allowed: true as const, queue: await listIdDiscounts(env, "pending"), ...page };
}

/** Approve / Reject: the page's own forms (decision 0187). */
export const adminIdDiscountsAction = ({ request, context }: ActionFunctionArgs) => idDiscountsAction(request, context.cloudflare.env);
