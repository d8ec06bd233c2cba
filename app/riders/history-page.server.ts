import { data as withStatus, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rolePageAccess } from "~/auth/role-page.server";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";
import { pageFrom, riderHistoryPage } from "./history.server";

/** Delivery History: every delivery the rider delivered, released or lost to a cancellation, 20 per page. */
export async function riderHistoryLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "rider");
  const language = languageOf(request, user);
  const words = { i18n: messagesFor(language, ["rider"]), title: translate(language, "rider.meta.history") };
  // Denied: the notice only, none of the page's data (nor its catalog).
  if (denied) return withStatus({ allowed: false as const, denied: translate(language, "rider.accessDenied"), title: words.title }, { status: 403 });
  if (!user) return { allowed: true as const, history: null };
  const page = pageFrom(request.url);
  const { entries, hasNext } = await riderHistoryPage(env.DB, user.id, page);
  return { allowed: true as const, history: { page, entries, hasNext }, ...words };
}
