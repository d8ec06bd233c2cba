import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idDiscountPercentsInForce, latestIdDiscount, toIdDiscountView } from "~/pricing/id-discounts.server";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { vapidConfigOf } from "~/notifications/push.server";
import { getSessionUser } from "~/auth/session.server";
import { accountSettingsAction } from "./account-settings-action.server";

/** `/settings`: the latest ID discount application, the ID discounts in force, the Web Push key and the forms' messages. */
export async function settingsPageLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  const [application, idDiscountPercents] = await Promise.all([
    user ? latestIdDiscount(env, user.id) : null,
    idDiscountPercentsInForce(env),
  ]);
  return {
    idDiscount: application ? toIdDiscountView(application, idDiscountPercents) : null,
    idDiscountPercents,
    vapidPublicKey: vapidConfigOf(env)?.publicKey ?? null,
    // The forms' rules are checked in the browser too: their messages are the server's (auth, free text, ID discounts).
    i18n: messagesFor(languageOf(request, user), [
      "settings",
      "server.auth",
      "server.validation",
      "server.discounts",
      "server.http",
    ]),
  };
}

/** Profile, role, deleting the account and the ID upload: account-settings-action.server.ts, beside it. */
export const settingsPageAction = ({ request, context }: ActionFunctionArgs) =>
  accountSettingsAction(request, context.cloudflare.env);
