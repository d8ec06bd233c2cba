import { integer } from "drizzle-orm/sqlite-core";

/** All timestamps are UTC milliseconds since the epoch; calendar maths happens in Asia/Manila. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
