import { Refusal } from "~/http/refusal";

/** The admins' side of owed fees (decision 0217): the list of unpaid fees, and waiving one with a reason. */

export { waiveSchema } from "./admin-waive-schema";

/** One unpaid fee as the admin page lists it (amount in centavos). */
export interface OwedFeeItem {
  id: string;
  deliveryId: string;
  customerName: string;
  customerPhone: string | null;
  amount: number;
  createdAt: number;
  /** The booking collecting it now, if any (it cannot be waived meanwhile). */
  collectedBy: string | null;
}

/** Every fee still owed, oldest first (owed_fees_status_created_idx). */
export async function owedFeesList(d1: D1Database, limit = 100): Promise<OwedFeeItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT o.id, o.delivery_id, o.amount, o.created_at, o.collected_by, u.first_name, u.last_name, u.phone_number
       FROM owed_fees o JOIN users u ON u.id = o.customer_id WHERE o.status = 'owed' ORDER BY o.created_at LIMIT ?1`,
    )
    .bind(limit)
    .all<{
      id: string;
      delivery_id: string;
      amount: number;
      created_at: number;
      collected_by: string | null;
      first_name: string | null;
      last_name: string | null;
      phone_number: string | null;
    }>();
  return results.map((r) => ({
    id: r.id,
    deliveryId: r.delivery_id,
    customerName: [r.first_name, r.last_name].filter(Boolean).join(" "),
    customerPhone: r.phone_number,
    amount: r.amount,
    createdAt: r.created_at,
    collectedBy: r.collected_by,
  }));
}

/**
 * `POST /api/admin/owed-fees/{id}/waive` `{reason}`: the fee is no longer owed and nobody is
 * credited. 404 unknown; 409 already collected or waived, or being collected by a booking under way.
 */
export async function waiveOwedFee(
  d1: D1Database,
  adminId: string,
  id: string,
  reason: string,
  now = Date.now(),
): Promise<Response> {
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE owed_fees SET status = 'waived', waived_by = ?2, waive_reason = ?3, settled_at = ?4
         WHERE id = ?1 AND status = 'owed' AND collected_by IS NULL`,
      )
      .bind(id, adminId, reason, now),
  ]);
  if (update!.meta.changes === 1) return Response.json({ id, status: "waived", reason });
  const row =
    id.length <= 64
      ? await d1
          .prepare(`SELECT status, collected_by FROM owed_fees WHERE id = ?1`)
          .bind(id)
          .first<{ status: string; collected_by: string | null }>()
      : null;
  if (!row) throw new Refusal(404, "server.payments.owedFeeNotFound");
  if (row.status === "collected") throw new Refusal(409, "server.payments.owedFeeCollected");
  if (row.status === "waived") throw new Refusal(409, "server.payments.owedFeeWaived");
  throw new Refusal(409, "server.payments.owedFeeInUse");
}
