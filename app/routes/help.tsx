import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { isFaqTabId } from "~/help/faqs";
import { HelpCentre } from "~/help/help-centre";
import { publicLinks } from "~/public/public-links";

export const links: LinksFunction = publicLinks;

export const meta: MetaFunction = () => [
  { title: "Help Center · Hatid" },
  {
    name: "description",
    content:
      "Answers about booking, tracking and cancelling deliveries, riding with Hatid, our rate card (₱40 base fare for the first 2 km), payments and refunds.",
  },
];

export default function Help() {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab");
  return <HelpCentre initialTab={isFaqTabId(tab) ? tab : "customers"} initialQuery={searchParams.get("q") ?? ""} />;
}
