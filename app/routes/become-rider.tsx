import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PublicPageHandle } from "~/public/public-page";
import { BecomeRiderPage } from "~/rider-application/become-rider-page";
import { submitApplicationForm } from "~/rider-application/application-action.server";
import { messagesFor, requestLanguage, translate } from "~/i18n/i18n.server";
import { recruitmentFigures } from "~/help/recruitment-figures.server";
import { settingsInForce } from "~/settings/settings.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

/** A public page (decision 0188): no React in the browser, no script at all. */
export const handle: PublicPageHandle = { publicPage: () => [] };

/** The page's words, in the visitor's language: they travel with the data, not in the JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [language, { settings }] = await Promise.all([requestLanguage(request, context.cloudflare.env), settingsInForce(context.cloudflare.env.DB)]);
  return {
    // The bonus and incentive figures in force (a settings change reaches this page too).
    figures: recruitmentFigures(settings),
    title: translate(language, "becomeRider.meta.title"),
    description: translate(language, "becomeRider.meta.description"),
    // The form's rules and refusals (server.applications), the mobile number's and free text's rules
    // (server.auth, server.validation).
    i18n: messagesFor(language, ["becomeRider", "server.applications", "server.auth", "server.validation"]),
  };
}

/** Only reached without JavaScript: see `submitApplicationForm`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return submitApplicationForm(request, context.cloudflare.env);
}

export default function BecomeRider() {
  const lastResult = useActionData<typeof action>();
  const { figures } = useLoaderData<typeof loader>();
  return <BecomeRiderPage lastResult={lastResult} figures={figures} />;
}
