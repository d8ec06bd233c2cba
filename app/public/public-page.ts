import type { UIMatch } from "@remix-run/react";
import { PAGE_SCRIPTS, type PageScript } from "./scripts/manifest";

/**
 * The public pages (the landing, /become-rider, /help, /sign-in) are sent without React or
 * Remix's runtime (decision 0188): server-rendered HTML, the stylesheet, and the page's own small
 * scripts (app/public/scripts, built by scripts/build-page-scripts.mjs). A route says so with
 * `handle: { publicPage: ... }`; the root's Layout then leaves out Remix's scripts.
 */
export interface PublicPageHandle {
  /** The page's scripts, by name (app/public/scripts/<name>.ts), from its loader data. */
  publicPage: (data: unknown) => PageScript[];
}

const isPublicPageHandle = (handle: unknown): handle is PublicPageHandle =>
  typeof handle === "object" && handle !== null && typeof (handle as PublicPageHandle).publicPage === "function";

/**
 * The URLs of the page's scripts when the page is public (null when it is a React page). The
 * signed-out landing is the `_app` layout with no user (every page under it shows the landing to
 * a visitor who is not signed in), so it is recognised by that layout's data.
 */
export function publicPageScripts(matches: readonly UIMatch[]): string[] | null {
  const app = matches.find((match) => match.id === "routes/_app");
  if (app) {
    const data = app.data as { user?: unknown } | undefined;
    if (!data || data.user) return null;
    return (["carousel", "sign-in"] as const).map((name) => PAGE_SCRIPTS[name]);
  }
  const leaf = matches.at(-1);
  if (!leaf || !isPublicPageHandle(leaf.handle)) return null;
  return leaf.handle.publicPage(leaf.data).map((name) => PAGE_SCRIPTS[name]);
}
