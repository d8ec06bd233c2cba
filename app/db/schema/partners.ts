import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { users } from "./accounts";

/** Business partners and the customers billed through them. */

export const businessPartners = sqliteTable(
  "business_partners",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    billingEmail: text("billing_email").notNull(),
    createdAt: timestamp("created_at").notNull(),
    createdBy: text("created_by").references(() => users.id),
  },
  (t) => [index("business_partners_created_idx").on(t.createdAt)],
);

/** A customer billed through a partner (at most one partner each). */
export const partnerMembers = sqliteTable(
  "partner_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    partnerId: text("partner_id")
      .notNull()
      .references(() => businessPartners.id),
    addedAt: timestamp("added_at").notNull(),
    addedBy: text("added_by").references(() => users.id),
  },
  (t) => [index("partner_members_partner_idx").on(t.partnerId, t.addedAt)],
);

export type BusinessPartner = typeof businessPartners.$inferSelect;
