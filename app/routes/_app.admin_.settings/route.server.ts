import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { coopSettingsAction } from "./coop-settings-action.server";
import { settingsToBody } from "~/settings/settings-schema";
import { settingsHistory, settingsInForce } from "~/settings/settings.server";

export async function adminSettingsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: ["adminMoney", "server.settings", "server.http"],
    title: "adminMoney.title.settings",
  });
  const [current, history] = await Promise.all([settingsInForce(env.DB), settingsHistory(env.DB)]);
  return { current: { version: current.version, body: settingsToBody(current.settings) }, history, ...page };
}

/** Save (with its confirmations): the page's own form, read with `PUT /api/admin/settings`'s rules (decision 0187). */
export const adminSettingsAction = ({ request, context }: ActionFunctionArgs) =>
  coopSettingsAction(request, context.cloudflare.env);
