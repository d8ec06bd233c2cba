import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eraseExpiredPersonalData } from "~/legal/retention.server";
import { DAY_MS, ID_PHOTO_RETENTION_DAYS, POSITION_RETENTION_DAYS } from "~/legal/retention";
import { api, signedIn, uploadIdPhoto } from "./helpers";
import { historyFor, insertDelivery } from "./delivery-fixtures";

/**
 * The Privacy Notice's periods (decision 0211), as the cron carries them out: an ID photo deleted
 * from storage once its decision is older than the period (the decision stays), a recent one kept;
 * a rider's last position erased from a delivery that ended long ago, kept on a recent one.
 */
async function reviewedIdPhoto(daysAgo: number) {
  const customer = await signedIn("user");
  const admin = await signedIn("admin");
  const uploaded = await uploadIdPhoto(customer.cookie);
  expect(uploaded.status).toBe(201);
  const { application } = (await uploaded.json()) as { application: { id: string } };
  expect(
    (
      await api(`/api/admin/id-discounts/${application.id}/review`, {
        cookie: admin.cookie,
        body: { decision: "reject", reason: "Blurred photo" },
      })
    ).status,
  ).toBe(200);
  await env.DB.prepare("UPDATE id_discounts SET reviewed_at = ?1 WHERE id = ?2")
    .bind(Date.now() - daysAgo * DAY_MS, application.id)
    .run();
  const row = await env.DB.prepare("SELECT object_key, status FROM id_discounts WHERE id = ?1")
    .bind(application.id)
    .first<{ object_key: string; status: string }>();
  expect(await env.ID_DOCUMENTS.head(row!.object_key)).not.toBeNull();
  return { id: application.id, key: row!.object_key };
}

describe("personal data kept no longer than the Privacy Notice says", () => {
  it("deletes an ID photo reviewed longer ago than the period and keeps a recent one; the decisions stay", async () => {
    const old = await reviewedIdPhoto(ID_PHOTO_RETENTION_DAYS + 1);
    const recent = await reviewedIdPhoto(ID_PHOTO_RETENTION_DAYS - 1);
    const now = Date.now();
    await eraseExpiredPersonalData(env, now);
    expect(await env.ID_DOCUMENTS.head(old.key)).toBeNull();
    expect(await env.ID_DOCUMENTS.head(recent.key)).not.toBeNull();
    const rows = await env.DB.prepare("SELECT id, status, photo_deleted_at FROM id_discounts WHERE id IN (?1, ?2)")
      .bind(old.id, recent.id)
      .all<{ id: string; status: string; photo_deleted_at: number | null }>();
    const byId = Object.fromEntries(rows.results.map((row) => [row.id, row]));
    expect(byId[old.id]).toMatchObject({ status: "rejected", photo_deleted_at: now });
    expect(byId[recent.id]).toMatchObject({ status: "rejected", photo_deleted_at: null });
    // A second run finds nothing more to do.
    await eraseExpiredPersonalData(env, now + 60_000);
    expect(
      (await env.DB.prepare("SELECT photo_deleted_at FROM id_discounts WHERE id = ?1")
        .bind(old.id)
        .first<{ photo_deleted_at: number }>())!.photo_deleted_at,
    ).toBe(now);
  });

  it("erases the rider's last position from a delivery that ended longer ago than the period, not from a recent one", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const now = Date.now();
    const ended = (daysAgo: number) =>
      insertDelivery({
        customerId: customer.user.id,
        ...historyFor("cancelled", rider.user.id, now - daysAgo * DAY_MS),
        riderLatitude: 14.56,
        riderLongitude: 121.02,
        riderLocatedAt: new Date(now - daysAgo * DAY_MS - 60_000),
      });
    const old = await ended(POSITION_RETENTION_DAYS + 1);
    const recent = await ended(POSITION_RETENTION_DAYS - 1);
    await eraseExpiredPersonalData(env, now);
    const position = (id: string) =>
      env.DB.prepare("SELECT rider_latitude, rider_longitude, rider_located_at FROM deliveries WHERE id = ?1")
        .bind(id)
        .first();
    expect(await position(old.id)).toEqual({ rider_latitude: null, rider_longitude: null, rider_located_at: null });
    expect(await position(recent.id)).toMatchObject({ rider_latitude: 14.56, rider_longitude: 121.02 });
  });
});
