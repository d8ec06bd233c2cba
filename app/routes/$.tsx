import { data } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFoundCard } from "~/components/not-found";
import { metaText } from "~/i18n/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "shell.notFound.title", "Page not found · Hatid") }];

export function loader() {
  return data(null, { status: 404 });
}

/** Its own boundary (a form posted here answers 405): under it, the root's loader has run, so the error page is in the reader's language. */
export { default as ErrorBoundary } from "~/components/root-error";

export default function NotFound() {
  return <NotFoundCard />;
}
