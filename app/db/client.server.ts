import { drizzle } from "drizzle-orm/d1";

/**
 * A drizzle handle on D1. Without `{ schema }`: the app builds its queries from the tables
 * (`select().from(deliveries)`), never through `db.query.*`, and drizzle would otherwise rebuild
 * the relational config of every table on each call (about 2 ms of CPU per request, and per
 * delivery room each time one wakes; bench/README.md, ws-fanout).
 */
export function getDb(d1: D1Database) {
  return drizzle(d1);
}

export type Db = ReturnType<typeof getDb>;
