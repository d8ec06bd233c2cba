import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { loadDemoData } from "~/demo/demo-data.server";
import { isDevelopment } from "~/providers/environment.server";
import { notFoundAnswer } from "~/http/api.server";

/** Loads the demo data (npm start calls it). Exists only in development; 404 everywhere else. */
export async function action(args: ActionFunctionArgs) {
  const { env } = args.context.cloudflare;
  if (!isDevelopment(env)) return notFoundAnswer(args);
  const loaded = await loadDemoData(getDb(env.DB));
  return Response.json({ ok: true, ...loaded });
}

export const loader = (args: ActionFunctionArgs) => notFoundAnswer(args);
