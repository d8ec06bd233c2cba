import { message, type MessageDescriptor } from "~/i18n/message";
import { MAX_ID_PHOTO_BYTES } from "~/forms/photo-limits";

/**
 * ID photos are JPEG or PNG up to 5 MB, judged by their bytes (a PDF renamed .jpg is refused,
 * whatever its name or declared type says).
 */

export type IdPhotoType = "image/jpeg" | "image/png";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function detectIdPhotoType(bytes: Uint8Array): IdPhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return "image/png";
  return null;
}

/** What is wrong with a photo, as message ids (checked in the browser and on the server). */
export const ID_PHOTO_MESSAGES = {
  missing: message("server.discounts.photoMissing"),
  tooLarge: message("server.discounts.photoTooLarge", { megabytes: MAX_ID_PHOTO_BYTES / (1024 * 1024) }),
  wrongType: message("server.discounts.photoWrongType"),
  kind: message("server.discounts.kind"),
} satisfies Record<string, MessageDescriptor>;
