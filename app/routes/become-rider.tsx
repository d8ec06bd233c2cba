import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { BecomeRiderPage } from "~/rider-application/become-rider-page";
import { submitApplicationForm } from "~/rider-application/application-action.server";
import { messagesFor, requestLanguage, translate } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

/** The page's words, in the visitor's language: they travel with the data, not in the JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await requestLanguage(request, context.cloudflare.env);
  return {
    title: translate(language, "becomeRider.meta.title"),
    description: translate(language, "becomeRider.meta.description"),
    i18n: messagesFor(language, ["becomeRider", "server"]),
  };
}

/** Only reached without JavaScript: see `submitApplicationForm`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return submitApplicationForm(request, context.cloudflare.env);
}

export default function BecomeRider() {
  const lastResult = useActionData<typeof action>();
  return <BecomeRiderPage lastResult={lastResult} />;
}
