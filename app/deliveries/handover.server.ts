import type { Delivery, HandoverKind } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import type { AnyMessageId } from "~/i18n/message";
import { HANDOVER_MAX_WRONG, HANDOVER_WINDOW_MS } from "./handover-code";

/** What Mark Delivered sends about the handover (both optional, see decision 0140). */
export interface HandoverInput {
  handoverCode?: string;
  handoverNote?: string;
}

/** A refused handover: 422 with the tries left among its values, so the rider's screen can say how many remain. */
const handoverRefusal = (id: AnyMessageId, triesLeft: number) => new Refusal(422, id, { triesLeft });

/**
 * Decides how a delivery is handed over, before it is marked delivered. The right code records
 * `code`; no code records `none` (with the rider's note; a note is required once code entry is
 * locked). A wrong code is counted (one conditional UPDATE, so parallel tries all count) and
 * refused with 422; the fifth wrong code within 10 minutes of the window's first locks code entry
 * for this delivery for good.
 */
export async function decideHandover(
  d1: D1Database,
  delivery: Pick<Delivery, "id" | "handoverCode" | "handoverLockedAt">,
  input: HandoverInput,
  now: Date,
): Promise<{ kind: HandoverKind; note: string | null }> {
  const { handoverCode, handoverNote } = input;
  if (handoverCode === undefined) {
    if (delivery.handoverLockedAt && !handoverNote) throw handoverRefusal("server.deliveries.handover.noteNeeded", 0);
    return { kind: "none", note: handoverNote ?? null };
  }
  if (delivery.handoverLockedAt) throw handoverRefusal("server.deliveries.handover.locked", 0);
  if (delivery.handoverCode !== null && handoverCode === delivery.handoverCode) return { kind: "code", note: null };

  const at = now.getTime();
  const windowStart = at - HANDOVER_WINDOW_MS;
  const row = await d1
    .prepare(
      `UPDATE deliveries SET
         handover_wrong_tries = CASE WHEN handover_wrong_since IS NULL OR handover_wrong_since < ?2 THEN 1 ELSE handover_wrong_tries + 1 END,
         handover_wrong_since = CASE WHEN handover_wrong_since IS NULL OR handover_wrong_since < ?2 THEN ?3 ELSE handover_wrong_since END,
         handover_locked_at = CASE
           WHEN handover_locked_at IS NOT NULL THEN handover_locked_at
           WHEN handover_wrong_since IS NOT NULL AND handover_wrong_since >= ?2 AND handover_wrong_tries + 1 >= ?4 THEN ?3
           ELSE NULL END
       WHERE id = ?1
       RETURNING handover_wrong_tries AS tries, handover_locked_at AS locked`,
    )
    .bind(delivery.id, windowStart, at, HANDOVER_MAX_WRONG)
    .first<{ tries: number; locked: number | null }>();
  if (!row || row.locked !== null) throw handoverRefusal("server.deliveries.handover.locked", 0);
  const triesLeft = Math.max(0, HANDOVER_MAX_WRONG - row.tries);
  throw handoverRefusal("server.deliveries.handover.wrongCode", triesLeft);
}
