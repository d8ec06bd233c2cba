import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

/** How each outside service last answered (app/providers/provider-health.server.ts; decision 0205). */
export const providerHealth = sqliteTable("provider_health", {
  provider: text("provider").primaryKey().notNull(),
  lastAnswerAt: timestamp("last_answer_at"),
  lastSuccessAt: timestamp("last_success_at"),
  lastFailureAt: timestamp("last_failure_at"),
  lastFailure: text("last_failure"),
});
