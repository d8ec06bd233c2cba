import { redirect } from "@remix-run/cloudflare";

/** The spec's sign-in redirect target: sign-in happens on the landing page. */
export const loader = () => redirect("/");
