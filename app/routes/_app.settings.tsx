import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import customerFormStyles from "~/styles/customer-forms.css";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { settingsAction } from "~/auth/settings-action.server";
import { IdDiscountCard } from "~/discounts/id-discount-card";
import { latestIdDiscount, toIdDiscountView } from "~/discounts/id-discounts.server";
import { AccountRole, DangerZone, PersonalInformation } from "~/auth/account-settings";
import { useT } from "~/i18n/i18n";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta";
import { useUser } from "./_app";
import { PushSettings } from "~/notifications/push-settings";
import { vapidConfigOf } from "~/notifications/push.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: customerFormStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "settings.meta.title", "Settings · Hatid") },
  { name: "description", content: metaText(matches, "settings.meta.description", "Your Hatid account: personal information, role and account deletion.") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  const application = user ? await latestIdDiscount(env, user.id) : null;
  return {
    idDiscount: application ? toIdDiscountView(application) : null,
    vapidPublicKey: vapidConfigOf(env)?.publicKey ?? null,
    // The forms' rules are checked in the browser too: their messages are the server's (auth, free text, ID discounts).
    i18n: messagesFor(languageOf(request, user), ["settings", "server.auth", "server.validation", "server.discounts", "server.http"]),
  };
}

/** Profile, role, deleting the account and the ID upload: app/auth/settings-action.server.ts. */
export const action = ({ request, context }: ActionFunctionArgs) => settingsAction(request, context.cloudflare.env);

/** Account settings (spec section 2 and 5). */
export default function Settings() {
  const user = useUser();
  const { idDiscount, vapidPublicKey } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main className="page narrow-page stack-lg">
      <h1>{t("settings.title")}</h1>
      <PersonalInformation user={user} />
      <IdDiscountCard application={idDiscount} />
      <PushSettings vapidPublicKey={vapidPublicKey} />
      <AccountRole user={user} />
      <DangerZone />
    </main>
  );
}
