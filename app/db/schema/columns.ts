import { integer } from "drizzle-orm/sqlite-core";

/** All timestamps are UTC milliseconds since the epoch; calendar maths happens in Asia/Manila. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** A delivery's handover code, generated at booking: four digits from a secure random source (the modulo bias of 2^32 over 10^4 is negligible). */
export function newHandoverCode(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(n! % 10_000).padStart(4, "0");
}
