import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { desc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { devOutbox } from "~/db/schema";
import { isDevelopment } from "~/providers/environment.server";
import { methodNotAllowed, notFoundAnswer } from "~/http/api.server";

/** What a local Hatid would have sent by SMS or email, newest first. Development only; 404 elsewhere. */
export async function loader(args: LoaderFunctionArgs) {
  const { env } = args.context.cloudflare;
  if (!isDevelopment(env)) return notFoundAnswer(args);
  const rows = await getDb(env.DB).select().from(devOutbox).orderBy(desc(devOutbox.sentAt)).limit(50);
  return Response.json(
    rows.map((row) => ({
      channel: row.channel,
      to: row.recipient,
      body: row.body,
      ...(row.code ? { code: row.code } : {}),
      ...(row.link ? { link: row.link } : {}),
      sentAt: row.sentAt.toISOString(),
    })),
  );
}

/** Nothing to post here: 405 where the outbox exists, 404 elsewhere. */
export const action = (args: LoaderFunctionArgs) =>
  isDevelopment(args.context.cloudflare.env) ? methodNotAllowed(args) : notFoundAnswer(args);
