import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { partnerMembers } from "~/db/schema";

/** The business partner a customer is billed through, or null (partner_members is keyed by user). */
export async function partnerIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ partnerId: partnerMembers.partnerId })
    .from(partnerMembers)
    .where(eq(partnerMembers.userId, userId))
    .limit(1);
  return row?.partnerId ?? null;
}
