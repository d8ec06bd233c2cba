import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { users } from "./accounts";

/** The co-op's settings, every version kept. */

/** Every version of the co-op's settings (migration 0121, app/settings/): the newest is in force. */
export const coopSettingsVersions = sqliteTable("coop_settings_versions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** JSON of CoopSettings (app/settings/coop-settings.ts), money in centavos. */
  settings: text("settings").notNull(),
  createdAt: timestamp("created_at").notNull(),
  createdBy: text("created_by").references(() => users.id),
  /** The passed settings proposal that made this version (migration 0186); null: saved by an admin. */
  proposalId: text("proposal_id"),
});
