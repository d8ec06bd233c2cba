import { redirect } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http/api.server";

/** `/api/login` redirects home: sign-in happens on the landing page. */
export const loader = () => redirect("/");
export const action = methodNotAllowed;
