import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import type { settingsPageLoader as loader } from "./route.server";
import customerFormStyles from "~/styles/customer-forms.css";
import { useLoaderData } from "@remix-run/react";
import { IdDiscountCard } from "./id-discount-card";
import { AccountRole, DangerZone, PersonalInformation } from "./account-settings";
import { useT } from "~/i18n/i18n";
import { metaText } from "~/i18n/meta";
import { useUser } from "~/auth/use-user";
import { PushSettings } from "./push-settings";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: customerFormStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "settings.meta.title", "Settings · Hatid") },
  {
    name: "description",
    content: metaText(
      matches,
      "settings.meta.description",
      "Your Hatid account: personal information, role and account deletion.",
    ),
  },
];

export { settingsPageLoader as loader, settingsPageAction as action } from "./route.server";

/** Account settings. */
export default function Settings() {
  const user = useUser();
  const { idDiscount, idDiscountPercents, vapidPublicKey } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main className="page narrow-page stack-lg">
      <h1>{t("settings.title")}</h1>
      <PersonalInformation user={user} />
      <IdDiscountCard application={idDiscount} percents={idDiscountPercents} />
      <PushSettings vapidPublicKey={vapidPublicKey} />
      <AccountRole user={user} />
      <DangerZone />
    </main>
  );
}
