import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { isFaqTabId } from "~/help/faqs";
import { HelpCentre } from "~/help/help-centre";
import { helpFigures } from "~/help/help-figures.server";

export const meta: MetaFunction = () => [
  { title: "Help Center · Hatid" },
  {
    name: "description",
    content:
      "Answers about booking, tracking and cancelling deliveries, riding with Hatid, our rate card (₱40 base fare for the first 2 km), payments and refunds.",
  },
];

/** The figures the answers quote: the co-op's settings in force (Coop Settings), not a copy. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { figures: await helpFigures(context.cloudflare.env.DB) };
}

export default function Help() {
  const { figures } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab");
  return <HelpCentre initialTab={isFaqTabId(tab) ? tab : "customers"} initialQuery={searchParams.get("q") ?? ""} figures={figures} />;
}
