import { getDb } from "~/db/client.server";
import { newHandoverCode } from "~/db/schema/columns";
import type { User } from "~/db/schema";
import { MAX_RETURN_PHOTO_BYTES } from "~/forms/photo-limits";
import { Refusal, validationRefusal } from "~/http/refusal";
import { message } from "~/i18n/message";
import { detectClaimPhotoType, type ClaimPhotoType } from "~/coop/claim-photos";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";
import { findDeliveryWithRider } from "./deliveries.server";
import { deliveryEventInsert } from "./events.server";
import { isPreciseDropoff } from "./places";
import {
  couldNotDeliverSchema,
  DROPOFF_WAIT_MS,
  minutesToWait,
  reasonNeedsPhoto,
  reasonNeedsWait,
  type CouldNotDeliver,
} from "./return-rules";
import { finishChange, type ChangedDelivery, type OperationContext } from "./rider-operations.server";
import { findTransition, transitionRefusal } from "./state-machine";
import { canSeeDelivery } from "./visibility";

/** What "Could not deliver" sends: its fields and the photo of the place, checked by its bytes. */
export interface CouldNotDeliverUpload {
  fields: CouldNotDeliver;
  photo: { bytes: Uint8Array; contentType: ClaimPhotoType } | null;
}

const photoRefusal = (id: "server.claims.photoWrongType" | "server.claims.photoTooLarge") => {
  const problem =
    id === "server.claims.photoTooLarge"
      ? message(id, { n: 1, megabytes: MAX_RETURN_PHOTO_BYTES / (1024 * 1024) })
      : message(id, { n: 1 });
  return new Refusal(400, problem.id, problem.values, "photo", { photo: [problem] });
};

/**
 * Reads "Could not deliver" from a form (`reason`, `note`, `photo`; the API's multipart body and
 * the job screen's form alike): the fields by the shared schema, the photo by its bytes (JPEG, PNG,
 * WebP or HEIC/HEIF like a claim's, at most 5 MB). An empty file input is no photo.
 */
export async function couldNotDeliverFromForm(form: FormData): Promise<CouldNotDeliverUpload> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const parsed = couldNotDeliverSchema.safeParse({ reason: text("reason"), note: text("note") });
  if (!parsed.success) throw validationRefusal(parsed.error);
  const file = form.get("photo");
  if (file === null || (typeof file !== "string" && file.size === 0 && file.name === "") || file === "") {
    return { fields: parsed.data, photo: null };
  }
  if (typeof file === "string" || file.size === 0) throw photoRefusal("server.claims.photoWrongType");
  if (file.size > MAX_RETURN_PHOTO_BYTES) throw photoRefusal("server.claims.photoTooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = detectClaimPhotoType(bytes);
  if (!contentType) throw photoRefusal("server.claims.photoWrongType");
  return { fields: parsed.data, photo: { bytes, contentType } };
}

/**
 * "Could not deliver" (docs/guide/deliveries.md#could-not-deliver, decision 0222): the assigned
 * rider turns a picked-up or in-transit delivery back to the sender. 404 when the rider may not see
 * it, 409 from another status, 403 when it is not theirs, 400 without the photo absent and refused
 * need, 409 before the rider has waited 10 minutes at a precise dropoff (but for "unsafe"). One
 * conditional UPDATE, with its event and the customer's notification, decides: of two at once,
 * exactly one wins. The photo is stored privately (R2) first, and deleted again if the change lost.
 */
export async function couldNotDeliver(
  op: OperationContext,
  rider: User,
  id: string,
  upload: CouldNotDeliverUpload,
  now = new Date(),
): Promise<ChangedDelivery> {
  const db = getDb(op.env.DB);
  const found = id && id.length <= 64 ? await findDeliveryWithRider(db, id) : null;
  if (!found || !canSeeDelivery(rider, found.delivery)) throw new Refusal(404, "server.deliveries.notFound");
  const before = found.delivery;
  if (!findTransition(before.status, "returning")) throw transitionRefusal(before.status, "returning");
  if (before.riderId !== rider.id) throw new Refusal(403, "server.deliveries.onlyAssignedRiderUpdates");
  const { reason, note } = upload.fields;
  if (reasonNeedsPhoto(reason) && !upload.photo) {
    const problem = message("server.deliveries.return.photoNeeded");
    throw new Refusal(400, problem.id, undefined, "photo", { photo: [problem] });
  }
  const at = now.getTime();
  // At an approximate dropoff there is no point to wait at: the rider's last position is recorded instead.
  const waits = reasonNeedsWait(reason) && isPreciseDropoff(before);
  if (waits) {
    if (before.dropoffArrivalAt === null) throw new Refusal(409, "server.deliveries.return.notAtDropoff");
    const minutes = minutesToWait(Number(before.dropoffArrivalAt), at);
    if (minutes > 0) throw new Refusal(409, "server.deliveries.return.waitMore", { minutes });
  }

  const d1 = op.env.DB;
  const key = upload.photo ? `returns/${id}/${crypto.randomUUID()}` : null;
  if (key && upload.photo) {
    await op.env.ID_DOCUMENTS.put(key, upload.photo.bytes, { httpMetadata: { contentType: upload.photo.contentType } });
  }
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE deliveries SET status = 'returning', could_not_deliver_at = ?4, could_not_deliver_reason = ?5,
           could_not_deliver_note = ?6, could_not_deliver_photo = ?7, return_code = ?8,
           could_not_deliver_latitude = rider_latitude, could_not_deliver_longitude = rider_longitude
         WHERE id = ?1 AND status = ?2 AND rider_id = ?3
           AND (?9 = 0 OR (dropoff_arrival_at IS NOT NULL AND dropoff_arrival_at <= ?4 - ?10))`,
      )
      .bind(
        id,
        before.status,
        rider.id,
        at,
        reason,
        note ?? null,
        key,
        newHandoverCode(),
        waits ? 1 : 0,
        DROPOFF_WAIT_MS,
      ),
    deliveryEventInsert(d1, {
      deliveryId: id,
      kind: "could_not_deliver",
      from: before.status,
      to: "returning",
      actorId: rider.id,
      riderId: rider.id,
      at,
    }),
    notificationInsert(d1, { userId: before.customerId }, notificationMessages.couldNotDeliver(before), { now: at }),
  ]);
  if (update!.meta.changes !== 1) {
    if (key) await op.env.ID_DOCUMENTS.delete(key).catch(() => undefined);
    const after = await findDeliveryWithRider(db, id);
    if (!after || !canSeeDelivery(rider, after.delivery)) throw new Refusal(404, "server.deliveries.notFound");
    throw transitionRefusal(after.delivery.status, "returning");
  }
  return finishChange(op, id);
}
