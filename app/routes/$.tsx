import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NotFoundCard } from "~/components/not-found";
import { requestLanguage, translate } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Page not found · Hatid" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await requestLanguage(request, context.cloudflare.env);
  return data({ title: translate(language, "common.notFound.meta") }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundCard />;
}
