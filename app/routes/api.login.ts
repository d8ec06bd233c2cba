import { redirect } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http/api.server";

/** The spec's sign-in redirect target: sign-in happens on the landing page. */
export const loader = () => redirect("/");
export const action = methodNotAllowed;
