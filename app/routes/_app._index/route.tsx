import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { homePageLoader as loader } from "./route.server";
import { metaText } from "~/i18n/meta";
import { lazyWhenOnline } from "~/offline/lazy-when-online";

/**
 * The dashboard's code loads only for a signed-in visitor: signed out, "/" is the landing page,
 * whose JavaScript budget (decision 0188) would otherwise pay for it. It suspends to the layout's
 * boundary, with the top bar.
 */
const HomeDashboard = lazyWhenOnline(() => import("./home-dashboard"));

export const meta: MetaFunction = ({ matches }) => {
  const signedIn = Boolean((matches.find((m) => m.id === "routes/_app")?.data as { user?: unknown } | undefined)?.user);
  if (signedIn) {
    return [
      { title: metaText(matches, "home.meta.title", "Home · Hatid") },
      {
        name: "description",
        content: metaText(
          matches,
          "home.meta.description",
          "Book deliveries, track orders and see the cooperative at work.",
        ),
      },
    ];
  }
  return [
    { title: metaText(matches, "common.meta.title", "Hatid · Rider-owned delivery cooperative") },
    {
      name: "description",
      content: metaText(
        matches,
        "landing.meta.description",
        "Book package and food deliveries across the Philippines with riders who own the cooperative.",
      ),
    },
  ];
};

export { homePageLoader as loader } from "./route.server";

/** The signed-in home. */
export default function Home() {
  const figures = useLoaderData<typeof loader>();
  if (!figures) return null;
  return <HomeDashboard {...figures} />;
}
