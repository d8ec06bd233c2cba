import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { idDiscountsAction } from "./id-discount-actions.server";
import { listIdDiscounts } from "~/pricing/id-discounts.server";

export async function adminIdDiscountsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: ["server.discounts", "server.http"],
    title: "admin.title.idDiscounts",
  });
  return { queue: await listIdDiscounts(env, "pending"), ...page };
}

/** Approve / Reject: the page's own forms (decision 0187). */
export const adminIdDiscountsAction = ({ request, context }: ActionFunctionArgs) =>
  idDiscountsAction(request, context.cloudflare.env);
