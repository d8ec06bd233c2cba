import { CLAIM_DOCUMENT_RETENTION_DAYS, DAY_MS, ID_PHOTO_RETENTION_DAYS, POSITION_RETENTION_DAYS } from "./retention";

/** At most this many photos deleted per run: R2 deletes take keys in batches, and the cron runs every minute. */
const PHOTOS_PER_RUN = 100;

/**
 * The cron's part of the Privacy Notice (decision 0211): ID photos and claim documents deleted from
 * R2 once their time is up (the rows stay, marked), and riders' positions erased from ended
 * deliveries and from riders not heard from since. Each step reads a partial index of what is
 * still due, so a run with nothing due costs three small reads. Safe to run twice: a deleted R2
 * object deletes again without error, and the marks keep a row from being picked again.
 */
export async function eraseExpiredPersonalData(env: Pick<Env, "DB" | "ID_DOCUMENTS">, now: number): Promise<void> {
  await Promise.all([eraseIdPhotos(env, now), eraseClaimDocuments(env, now), erasePositions(env.DB, now)]);
}

async function eraseIdPhotos(env: Pick<Env, "DB" | "ID_DOCUMENTS">, now: number) {
  const cutoff = now - ID_PHOTO_RETENTION_DAYS * DAY_MS;
  const { results } = await env.DB.prepare(
    `SELECT id, object_key FROM id_discounts WHERE photo_deleted_at IS NULL AND reviewed_at IS NOT NULL AND reviewed_at < ?1 ORDER BY reviewed_at LIMIT ?2`,
  )
    .bind(cutoff, PHOTOS_PER_RUN)
    .all<{ id: string; object_key: string }>();
  if (results.length === 0) return;
  await env.ID_DOCUMENTS.delete(results.map((row) => row.object_key));
  await env.DB.prepare(`UPDATE id_discounts SET photo_deleted_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))`)
    .bind(now, JSON.stringify(results.map((row) => row.id)))
    .run();
}

async function eraseClaimDocuments(env: Pick<Env, "DB" | "ID_DOCUMENTS">, now: number) {
  const cutoff = now - CLAIM_DOCUMENT_RETENTION_DAYS * DAY_MS;
  const { results } = await env.DB.prepare(
    `SELECT id, photos FROM fund_claims WHERE photos_deleted_at IS NULL AND decided_at IS NOT NULL AND decided_at < ?1 ORDER BY decided_at LIMIT ?2`,
  )
    .bind(cutoff, PHOTOS_PER_RUN)
    .all<{ id: string; photos: string }>();
  if (results.length === 0) return;
  const keys = results.flatMap((row) => (JSON.parse(row.photos) as { key: string }[]).map((photo) => photo.key));
  if (keys.length > 0) await env.ID_DOCUMENTS.delete(keys);
  // The list goes too: a claim shows no link to a photo that is gone.
  await env.DB.prepare(
    `UPDATE fund_claims SET photos = '[]', photos_deleted_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(now, JSON.stringify(results.map((row) => row.id)))
    .run();
}

async function erasePositions(d1: D1Database, now: number) {
  const cutoff = now - POSITION_RETENTION_DAYS * DAY_MS;
  await d1.batch([
    d1
      .prepare(
        `UPDATE deliveries SET rider_latitude = NULL, rider_longitude = NULL, rider_located_at = NULL
         WHERE rider_latitude IS NOT NULL AND rider_located_at < ?1 AND status IN ('delivered', 'cancelled') AND COALESCE(delivered_at, cancelled_at) < ?1`,
      )
      .bind(cutoff),
    d1
      .prepare(
        `UPDATE users SET last_latitude = NULL, last_longitude = NULL, last_located_at = NULL WHERE last_latitude IS NOT NULL AND last_located_at < ?1`,
      )
      .bind(cutoff),
  ]);
}
