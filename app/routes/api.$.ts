import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFoundAnswer } from "~/http/api.server";

/** Any `/api` path without its own route: a JSON 404 in the caller's language, never the HTML page. */
export const loader = (args: ActionFunctionArgs) => notFoundAnswer(args);
export const action = loader;
