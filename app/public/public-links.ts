import type { LinksFunction } from "@remix-run/cloudflare";
import publicStylesheetUrl from "~/styles/public.css";

/**
 * The stylesheet of the public pages (landing, /become-rider, /help). Every route that may render
 * one of them adds it to its `links` export; the `_app` layout needs it for the landing page.
 */
export const publicLinks: LinksFunction = () => [{ rel: "stylesheet", href: publicStylesheetUrl }];
