import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { loadDemoData } from "~/demo/demo-data.server";
import { isDevelopment } from "~/env/environment.server";

/** Loads the demo data (npm start calls it). Exists only in development; 404 everywhere else. */
export async function action({ context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!isDevelopment(env)) return Response.json({ message: "Not Found" }, { status: 404 });
  const loaded = await loadDemoData(getDb(env.DB));
  return Response.json({ ok: true, ...loaded });
}

export const loader = () => Response.json({ message: "Not Found" }, { status: 404 });
