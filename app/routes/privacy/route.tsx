import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { PublicPageHandle } from "~/public/public-page";
import { LegalPage } from "~/legal/legal-page";
import { legalPageData } from "~/legal/legal-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.meta.title },
  { name: "description", content: data?.meta.description },
];

/** A public page (decision 0188): no React in the browser, no script at all. */
export const handle: PublicPageHandle = { publicPage: () => [] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return legalPageData("privacy", request, context.cloudflare.env);
}

export default function Privacy() {
  const data = useLoaderData<typeof loader>();
  return <LegalPage data={data} />;
}
