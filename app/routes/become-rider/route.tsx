import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PublicPageHandle } from "~/public/public-page";
import { BecomeRiderPage } from "./become-rider-page";
import { submitApplicationForm } from "./application-action.server";
import { messagesFor, requestLanguage, translate } from "~/i18n/i18n.server";
import { publicFacts } from "~/public/public-facts.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

/** A public page (decision 0188): no React in the browser, no script at all. */
export const handle: PublicPageHandle = { publicPage: () => [] };

/** The page's words, in the visitor's language: they travel with the data, not in the JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [language, facts] = await Promise.all([
    requestLanguage(request, context.cloudflare.env),
    publicFacts(context.cloudflare.env),
  ]);
  return {
    // The figures in force (a settings change reaches this page too) and the footer's contacts.
    facts,
    title: translate(language, "becomeRider.meta.title"),
    description: translate(language, "becomeRider.meta.description", facts.figures),
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
  const { facts } = useLoaderData<typeof loader>();
  return <BecomeRiderPage lastResult={lastResult} facts={facts} />;
}
