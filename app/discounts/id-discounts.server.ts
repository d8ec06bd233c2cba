import { aliasedTable, and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { ID_DISCOUNT_KINDS, idDiscounts, users, type IdDiscount, type IdDiscountKind, type User } from "~/db/schema";
import { apiError } from "~/http/api.server";
import { ID_DISCOUNT_PERCENT } from "~/pricing/discounts";
import { detectIdPhotoType, ID_PHOTO_MESSAGES, MAX_ID_PHOTO_BYTES } from "./id-photo";

/**
 * ID discounts (PRODUCT.md, Money in): a customer uploads a photo of a PWD, senior-citizen or
 * student ID; it is stored privately in R2 (ID_DOCUMENTS); an admin approves or rejects it. An
 * approval applies to every quote and booking (app/pricing/quote.server.ts); a student approval
 * lasts a year.
 */
export const STUDENT_APPROVAL_MS = 365 * 24 * 60 * 60 * 1000;

export class IdDiscountError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  toResponse() {
    return apiError(this.status, this.message, this.field ? { errors: { [this.field]: [this.message] } } : {});
  }
}

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

export const toIdDiscountView = (row: IdDiscount): IdDiscountView => ({
  id: row.id,
  kind: row.kind,
  percent: ID_DISCOUNT_PERCENT[row.kind],
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
});

const kindSchema = z.enum(ID_DISCOUNT_KINDS, { errorMap: () => ({ message: ID_PHOTO_MESSAGES.kind }) });

/** Reads the multipart upload (`kind`, `photo`), refusing anything but a JPEG or PNG of at most 5 MB by its bytes. */
export async function readIdUpload(request: Request): Promise<{ kind: IdDiscountKind; bytes: Uint8Array; contentType: "image/jpeg" | "image/png" }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  // Multipart framing adds a little; anything far above 5 MB is refused before it is read.
  if (declared > MAX_ID_PHOTO_BYTES + 64 * 1024) throw new IdDiscountError(400, ID_PHOTO_MESSAGES.tooLarge, "photo");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new IdDiscountError(400, "Send the ID as a multipart form with kind and photo", "photo");
  }
  const kind = kindSchema.safeParse(form.get("kind"));
  if (!kind.success) throw new IdDiscountError(400, ID_PHOTO_MESSAGES.kind, "kind");
  const photo = form.get("photo");
  if (!photo || typeof photo === "string") throw new IdDiscountError(400, ID_PHOTO_MESSAGES.missing, "photo");
  if (photo.size > MAX_ID_PHOTO_BYTES) throw new IdDiscountError(400, ID_PHOTO_MESSAGES.tooLarge, "photo");
  if (photo.size === 0) throw new IdDiscountError(400, ID_PHOTO_MESSAGES.missing, "photo");
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const contentType = detectIdPhotoType(bytes);
  if (!contentType) throw new IdDiscountError(400, ID_PHOTO_MESSAGES.wrongType, "photo");
  return { kind: kind.data, bytes, contentType };
}

export const ALREADY_WAITING = "Your ID is already waiting for review";

/** Drizzle wraps D1's error (its `cause`). */
const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && (/UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(error.message) || isUniqueViolation(error.cause));

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
  if (pending) throw new IdDiscountError(409, ALREADY_WAITING);
  const id = crypto.randomUUID();
  const objectKey = `id-discounts/${user.id}/${id}`;
  await env.ID_DOCUMENTS.put(objectKey, upload.bytes, { httpMetadata: { contentType: upload.contentType } });
  try {
    const [row] = await db
      .insert(idDiscounts)
      .values({ id, userId: user.id, kind: upload.kind, status: "pending", objectKey, contentType: upload.contentType, size: upload.bytes.byteLength, createdAt: now })
      .returning();
    return row!;
  } catch (error) {
    await env.ID_DOCUMENTS.delete(objectKey);
    if (isUniqueViolation(error)) throw new IdDiscountError(409, ALREADY_WAITING);
    throw error;
  }
}

/** The customer's newest application, if any. */
export async function latestIdDiscount(env: Env, userId: string): Promise<IdDiscount | null> {
  const [row] = await getDb(env.DB).select().from(idDiscounts).where(eq(idDiscounts.userId, userId)).orderBy(desc(idDiscounts.createdAt)).limit(1);
  return row ?? null;
}

const applicants = aliasedTable(users, "applicant");

/** The admin queue: applications in this status, oldest first (id_discounts_status_created_idx). */
export async function listIdDiscounts(env: Env, status: IdDiscount["status"], limit = 100) {
  const rows = await getDb(env.DB)
    .select({ application: idDiscounts, applicant: { id: applicants.id, firstName: applicants.firstName, lastName: applicants.lastName, phoneNumber: applicants.phoneNumber } })
    .from(idDiscounts)
    .innerJoin(applicants, eq(applicants.id, idDiscounts.userId))
    .where(eq(idDiscounts.status, status))
    .orderBy(idDiscounts.createdAt)
    .limit(limit);
  return rows.map(({ application, applicant }) => ({ ...toIdDiscountView(application), applicant }));
}

export const reviewSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve") }),
  z.object({
    decision: z.literal("reject"),
    reason: z
      .string({ required_error: "Please give a reason for rejecting", invalid_type_error: "Please give a reason for rejecting" })
      .trim()
      .min(1, "Please give a reason for rejecting")
      .max(300, "The reason must be at most 300 characters"),
  }),
], { errorMap: () => ({ message: "Decision must be approve or reject" }) });

/** Approves (a student approval expires a year later) or rejects a pending application. */
export async function reviewIdDiscount(env: Env, admin: Pick<User, "id">, id: string, review: z.infer<typeof reviewSchema>, now = new Date()): Promise<IdDiscount> {
  const db = getDb(env.DB);
  const [row] = id && id.length <= 64 ? await db.select().from(idDiscounts).where(eq(idDiscounts.id, id)).limit(1) : [];
  if (!row) throw new IdDiscountError(404, "ID discount application not found");
  if (row.status !== "pending") throw new IdDiscountError(409, `This application was already ${row.status}`);
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
  if (!updated) throw new IdDiscountError(409, "This application was reviewed by someone else just now");
  return updated;
}

/** The photo, for admins only: never cached, never sniffed as anything but its image type. */
export async function idPhotoResponse(env: Env, id: string): Promise<Response> {
  const [row] = id && id.length <= 64 ? await getDb(env.DB).select().from(idDiscounts).where(eq(idDiscounts.id, id)).limit(1) : [];
  if (!row) throw new IdDiscountError(404, "ID discount application not found");
  const object = await env.ID_DOCUMENTS.get(row.objectKey);
  if (!object) throw new IdDiscountError(404, "The photo is no longer stored");
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
