import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageAccess } from "~/admin/admin-page.server";
import { coopSettingsAction } from "~/settings/coop-settings-action.server";
import { settingsToBody } from "~/settings/settings-schema";
import { settingsHistory, settingsInForce } from "~/settings/settings.server";

export async function adminSettingsLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["adminMoney", "server.settings", "server.http"], title: "adminMoney.title.settings" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, current: null, history: [], ...page };
  const [current, history] = await Promise.all([settingsInForce(env.DB), settingsHistory(env.DB)]);
  return { allowed: true as const, current: { version: current.version, body: settingsToBody(current.settings) }, history, ...page };
}

/** Save (with its confirmations): the page's own form, read with `PUT /api/admin/settings`'s rules (decision 0187). */
export const adminSettingsAction = ({ request, context }: ActionFunctionArgs) => coopSettingsAction(request, context.cloudflare.env);
