import { aliasedTable, and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { ID_DISCOUNT_KINDS, idDiscounts, users, type IdDiscount, type IdDiscountKind, type User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { encodeMessage, type MessageDescriptor } from "~/i18n/message";
import { lengthAtMost } from "~/forms/text";
import type { CoopSettings } from "~/settings/coop-settings";
import { settingsInForce } from "~/settings/settings.server";
import { MAX_ID_PHOTO_BYTES } from "~/forms/photo-limits";
import { detectIdPhotoType, ID_PHOTO_MESSAGES } from "./id-photo";

/**
 * ID discounts (docs/guide/money.md): a customer uploads a photo of a PWD, senior-citizen or
 * student ID; it is stored privately in R2 (ID_DOCUMENTS); an admin approves or rejects it. An
 * approval applies to every quote and booking (app/pricing/quote.server.ts); a student approval
 * lasts a year.
 */
const STUDENT_APPROVAL_MS = 365 * 24 * 60 * 60 * 1000;

/** A 400 about one field of the upload, named under `errors` too. */
const uploadRefusal = ({ id, values }: MessageDescriptor, field: "kind" | "photo") =>
  new Refusal(400, id, values, field, { [field]: [{ id, values }] });

export interface IdDiscountView {
  id: string;
  kind: IdDiscountKind;
  percent: number;
  status: IdDiscount["status"];
  createdAt: string;
  reviewedAt: string | null;
  expiresAt: string | null;
  rejectReason: string | null;
}

export type IdDiscountPercents = CoopSettings["idDiscountPercents"];

/** The ID discounts in force: co-op settings, which an admin or the members' vote may change. */
export const idDiscountPercentsInForce = async (env: Env): Promise<IdDiscountPercents> =>
  (await settingsInForce(env.DB)).settings.idDiscountPercents;

/** An application as people see it, with the percent its kind gets under the settings in force. */
export const toIdDiscountView = (row: IdDiscount, percents: IdDiscountPercents): IdDiscountView => ({
  id: row.id,
  kind: row.kind,
  percent: percents[row.kind],
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
});

const kindSchema = z.enum(ID_DISCOUNT_KINDS);

/** Reads the multipart upload (`kind`, `photo`), refusing anything but a JPEG or PNG of at most 5 MB by its bytes. */
export async function readIdUpload(
  request: Request,
): Promise<{ kind: IdDiscountKind; bytes: Uint8Array; contentType: "image/jpeg" | "image/png" }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  // Multipart framing adds a little; anything far above 5 MB is refused before it is read.
  if (declared > MAX_ID_PHOTO_BYTES + 64 * 1024) throw uploadRefusal(ID_PHOTO_MESSAGES.tooLarge, "photo");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Refusal(400, "server.discounts.notMultipart", undefined, "photo");
  }
  return idUploadFromForm(form);
}

/** The upload's `kind` and `photo` from a posted form (the API's multipart body, or the settings page's form). */
export async function idUploadFromForm(
  form: FormData,
): Promise<{ kind: IdDiscountKind; bytes: Uint8Array; contentType: "image/jpeg" | "image/png" }> {
  const kind = kindSchema.safeParse(form.get("kind"));
  if (!kind.success) throw uploadRefusal(ID_PHOTO_MESSAGES.kind, "kind");
  const photo = form.get("photo");
  if (!photo || typeof photo === "string") throw uploadRefusal(ID_PHOTO_MESSAGES.missing, "photo");
  if (photo.size > MAX_ID_PHOTO_BYTES) throw uploadRefusal(ID_PHOTO_MESSAGES.tooLarge, "photo");
  if (photo.size === 0) throw uploadRefusal(ID_PHOTO_MESSAGES.missing, "photo");
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const contentType = detectIdPhotoType(bytes);
  if (!contentType) throw uploadRefusal(ID_PHOTO_MESSAGES.wrongType, "photo");
  return { kind: kind.data, bytes, contentType };
}

/** Drizzle wraps D1's error (its `cause`). */
const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error &&
  (/UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(error.message) || isUniqueViolation(error.cause));

/**
 * Stores the photo in R2 and the application in D1 (pending). One application waits for review at
 * a time, enforced by id_discounts_one_pending_per_user (migration 0181): of simultaneous uploads
 * one row is inserted, the others are refused with 409 and their photos deleted.
 */
export async function submitIdDiscount(
  env: Env,
  user: Pick<User, "id">,
  upload: { kind: IdDiscountKind; bytes: Uint8Array; contentType: "image/jpeg" | "image/png" },
  now = new Date(),
): Promise<IdDiscount> {
  const db = getDb(env.DB);
  const [pending] = await db
    .select({ id: idDiscounts.id })
    .from(idDiscounts)
    .where(and(eq(idDiscounts.userId, user.id), eq(idDiscounts.status, "pending")))
    .limit(1);
  if (pending) throw new Refusal(409, "server.discounts.alreadyWaiting");
  const id = crypto.randomUUID();
  const objectKey = `id-discounts/${user.id}/${id}`;
  await env.ID_DOCUMENTS.put(objectKey, upload.bytes, { httpMetadata: { contentType: upload.contentType } });
  try {
    const [row] = await db
      .insert(idDiscounts)
      .values({
        id,
        userId: user.id,
        kind: upload.kind,
        status: "pending",
        objectKey,
        contentType: upload.contentType,
        size: upload.bytes.byteLength,
        createdAt: now,
      })
      .returning();
    return row!;
  } catch (error) {
    await env.ID_DOCUMENTS.delete(objectKey);
    if (isUniqueViolation(error)) throw new Refusal(409, "server.discounts.alreadyWaiting");
    throw error;
  }
}

/** The customer's newest application, if any. */
export async function latestIdDiscount(env: Env, userId: string): Promise<IdDiscount | null> {
  const [row] = await getDb(env.DB)
    .select()
    .from(idDiscounts)
    .where(eq(idDiscounts.userId, userId))
    .orderBy(desc(idDiscounts.createdAt))
    .limit(1);
  return row ?? null;
}

const applicants = aliasedTable(users, "applicant");

/** The admin queue: applications in this status, oldest first (id_discounts_status_created_idx). */
export async function listIdDiscounts(env: Env, status: IdDiscount["status"], limit = 100) {
  const [rows, percents] = await Promise.all([
    getDb(env.DB)
      .select({
        application: idDiscounts,
        applicant: {
          id: applicants.id,
          firstName: applicants.firstName,
          lastName: applicants.lastName,
          phoneNumber: applicants.phoneNumber,
        },
      })
      .from(idDiscounts)
      .innerJoin(applicants, eq(applicants.id, idDiscounts.userId))
      .where(eq(idDiscounts.status, status))
      .orderBy(idDiscounts.createdAt)
      .limit(limit),
    idDiscountPercentsInForce(env),
  ]);
  return rows.map(({ application, applicant }) => ({ ...toIdDiscountView(application, percents), applicant }));
}

const REASON_MAX = 300;
const REASON_REQUIRED = encodeMessage("server.discounts.reasonRequired");

export const reviewSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("approve") }),
    z.object({
      decision: z.literal("reject"),
      reason: z
        .string({ required_error: REASON_REQUIRED, invalid_type_error: REASON_REQUIRED })
        .trim()
        .min(1, REASON_REQUIRED)
        .superRefine(lengthAtMost(REASON_MAX, encodeMessage("server.discounts.reasonTooLong", { max: REASON_MAX }))),
    }),
  ],
  { errorMap: () => ({ message: encodeMessage("server.discounts.decisionInvalid") }) },
);

/** Approves (a student approval expires a year later) or rejects a pending application. */
export async function reviewIdDiscount(
  env: Env,
  admin: Pick<User, "id">,
  id: string,
  review: z.infer<typeof reviewSchema>,
  now = new Date(),
): Promise<IdDiscount> {
  const db = getDb(env.DB);
  const [row] = id && id.length <= 64 ? await db.select().from(idDiscounts).where(eq(idDiscounts.id, id)).limit(1) : [];
  if (!row) throw new Refusal(404, "server.discounts.notFound");
  if (row.status !== "pending")
    throw new Refusal(
      409,
      row.status === "approved" ? "server.discounts.alreadyApproved" : "server.discounts.alreadyRejected",
    );
  const approved = review.decision === "approve";
  const [updated] = await db
    .update(idDiscounts)
    .set({
      status: approved ? "approved" : "rejected",
      reviewedAt: now,
      reviewedBy: admin.id,
      rejectReason: approved ? null : review.reason,
      expiresAt: approved && row.kind === "student" ? new Date(now.getTime() + STUDENT_APPROVAL_MS) : null,
    })
    .where(and(eq(idDiscounts.id, id), eq(idDiscounts.status, "pending")))
    .returning();
  if (!updated) throw new Refusal(409, "server.discounts.reviewedMeanwhile");
  return updated;
}

/** The photo, for admins only: never cached, never sniffed as anything but its image type. */
export async function idPhotoResponse(env: Env, id: string): Promise<Response> {
  const [row] =
    id && id.length <= 64 ? await getDb(env.DB).select().from(idDiscounts).where(eq(idDiscounts.id, id)).limit(1) : [];
  if (!row) throw new Refusal(404, "server.discounts.notFound");
  const object = await env.ID_DOCUMENTS.get(row.objectKey);
  if (!object) throw new Refusal(404, "server.discounts.photoGone");
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
