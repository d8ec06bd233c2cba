import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import type { PublicPageHandle } from "~/public/public-page";
import { isFaqTabId } from "~/public/faq-search";
import { HelpCentre } from "./help-centre";
import { helpPageData } from "./route.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.meta.title ?? "Help Center · Hatid" },
  ...(data ? [{ name: "description", content: data.meta.description }] : []),
];

/** A public page (decision 0188): no React in the browser, only the search-as-you-type script. */
export const handle: PublicPageHandle = { publicPage: () => ["help-search"] };

/** The questions, finished in the reader's language with the co-op's settings in force. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return helpPageData(request, context.cloudflare.env);
}

export default function Help() {
  const { tabs, rateCardLines, contacts } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab");
  return (
    <HelpCentre
      initialTab={isFaqTabId(tab) ? tab : "customers"}
      initialQuery={searchParams.get("q") ?? ""}
      tabs={tabs}
      rateCardLines={rateCardLines}
      contacts={contacts}
    />
  );
}
