import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findByRecipientToken } from "~/tracking/recipient-link.server";
import { mapboxSettingsOf } from "~/tracking/mapbox-settings.server";
import { messagesFor, requestLanguage } from "~/i18n/i18n.server";

/**
 * `/t/{token}`: the recipient's public tracking page (no sign-in). 404 for a wrong token and from
 * 24 hours after the delivery ended. The page never receives the customer's name or any phone.
 */
export async function recipientPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const token = params.token ?? "";
  const [found, language] = await Promise.all([findByRecipientToken(env, token), requestLanguage(request, env)]);
  // The map's words and the status labels (app), the page's own (tracking).
  const i18n = messagesFor(language, ["app", "tracking"]);
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  if (!found) return data({ view: null, token: null, mapbox: null, i18n }, { status: 404, headers });
  return data({ view: found.view, token, mapbox: mapboxSettingsOf(env), i18n }, { headers });
}
