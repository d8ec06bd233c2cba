import { Refusal, validationRefusal } from "~/http/refusal";
import { message, type MessageDescriptor } from "~/i18n/message";
import { CLAIM_PHOTOS_MAX, MAX_CLAIM_PHOTO_BYTES } from "~/forms/photo-limits";
import { detectClaimPhotoType, photoProblem, type ClaimPhotoType } from "./claim-photos";
import { claimFieldsSchema, type ClaimFields } from "./claim-schemas";

/**
 * A claim as filed: its form fields and up to 3 document photos, each checked by its
 * bytes, every problem named at once (app/coop/claims.server.ts files it).
 */
export interface ClaimUpload {
  fields: ClaimFields;
  photos: { bytes: Uint8Array; contentType: ClaimPhotoType }[];
}

/**
 * Reads a claim's multipart form (`kind`, `amount` in pesos, `note`, up to 3 `photos`): every
 * problem is named at once in one 400 (fields and photos), and nothing is stored before all pass.
 * An empty file input (no photo chosen) is no photo.
 */
export async function readClaimUpload(request: Request): Promise<ClaimUpload> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Refusal(400, "server.claims.notMultipart", undefined, "photos", {
      photos: [message("server.claims.notMultipart")],
    });
  }
  return claimUploadFromForm(form);
}

export async function claimUploadFromForm(form: FormData): Promise<ClaimUpload> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = claimFieldsSchema.safeParse({ kind: text("kind"), amount: text("amount"), note: text("note") });
  const fieldErrors: Record<string, MessageDescriptor[]> = parsed.success
    ? {}
    : (validationRefusal(parsed.error).fieldErrors ?? {});

  const files = form
    .getAll("photos")
    .filter((entry) => !(typeof entry === "string" ? entry === "" : entry.size === 0 && entry.name === ""));
  const photos: ClaimUpload["photos"] = [];
  const photoErrors: MessageDescriptor[] = [];
  if (files.length > CLAIM_PHOTOS_MAX) photoErrors.push(photoProblem("server.claims.photosTooMany"));
  else {
    for (const [i, file] of files.entries()) {
      if (typeof file === "string" || file.size === 0) {
        photoErrors.push(photoProblem("server.claims.photoWrongType", i + 1));
        continue;
      }
      if (file.size > MAX_CLAIM_PHOTO_BYTES) {
        photoErrors.push(photoProblem("server.claims.photoTooLarge", i + 1));
        continue;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const contentType = detectClaimPhotoType(bytes);
      if (!contentType) photoErrors.push(photoProblem("server.claims.photoWrongType", i + 1));
      else photos.push({ bytes, contentType });
    }
  }
  if (photoErrors.length > 0) fieldErrors.photos = photoErrors;
  const first = Object.entries(fieldErrors)[0];
  if (first || !parsed.success) {
    const [field, [problem]] = (first ?? ["body", [message("server.validation.invalidBody")]]) as [
      string,
      MessageDescriptor[],
    ];
    throw new Refusal(400, problem!.id, problem!.values, field, fieldErrors);
  }
  return { fields: parsed.data, photos };
}
