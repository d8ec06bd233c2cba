import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries } from "~/db/schema";

export const NO_CODE_HANDOVERS_SHOWN = 10;

/** A delivery handed over without the recipient's code, as the admin dashboard lists it. */
export interface NoCodeHandover {
  id: string;
  deliveredAt: string;
  dropoffAddress: string;
  dropoffCity: string;
  note: string | null;
}

/** The newest deliveries handed over without a code (deliveries_no_code_handover_idx). */
export async function listNoCodeHandovers(db: Db, limit = NO_CODE_HANDOVERS_SHOWN): Promise<NoCodeHandover[]> {
  const rows = await db
    .select({
      id: deliveries.id,
      deliveredAt: deliveries.deliveredAt,
      dropoffAddress: deliveries.dropoffAddress,
      dropoffCity: deliveries.dropoffCity,
      note: deliveries.handoverNote,
    })
    .from(deliveries)
    .where(and(eq(deliveries.handover, "none"), isNotNull(deliveries.deliveredAt)))
    .orderBy(desc(deliveries.deliveredAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, deliveredAt: row.deliveredAt!.toISOString() }));
}
