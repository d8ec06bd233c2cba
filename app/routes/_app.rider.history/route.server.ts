import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/role-page.server";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";
import { pageFrom, riderHistoryPage } from "./history.server";

/** Delivery History: every delivery the rider delivered, released or lost to a cancellation, 20 per page. */
export async function riderHistoryLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "rider");
  const language = languageOf(request, user);
  const words = { i18n: messagesFor(language, ["rider"]), title: translate(language, "rider.meta.history") };
  const page = pageFrom(request.url);
  const { entries, hasNext } = await riderHistoryPage(env.DB, user.id, page);
  return { history: { page, entries, hasNext }, ...words };
}
