import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotFoundCard } from "~/components/not-found";
import { safeReturnPath } from "~/http/return-path";
import { metaText } from "~/i18n/meta";

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "shell.notFound.title", "Page not found · Hatid") },
];

/** 404, with the page of this site the reader came from (its Referer), for the card's Back link. */
export function loader({ request }: LoaderFunctionArgs) {
  return data({ back: cameFrom(request) }, { status: 404 });
}

/** The page of this site the link was followed from (not this one): a plain link back, with or without JavaScript. */
function cameFrom(request: Request): string | null {
  const referer = request.headers.get("Referer");
  const here = new URL(request.url);
  if (!referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== here.origin || from.pathname === here.pathname) return null;
  const path = safeReturnPath(`${from.pathname}${from.search}`, "");
  return path || null;
}

/** Its own boundary (a form posted here answers 405): under it, the root's loader has run, so the error page is in the reader's language. */
export { default as ErrorBoundary } from "~/components/root-error";

export default function NotFound() {
  const { back } = useLoaderData<typeof loader>();
  return <NotFoundCard back={back} />;
}
