import { detectIdPhotoType } from "~/pricing/id-photo";
import { message, type MessageDescriptor } from "~/i18n/message";
import { CLAIM_PHOTOS_MAX, MAX_CLAIM_PHOTO_BYTES } from "~/forms/photo-limits";

/**
 * A claim's document photos: up to 3, JPEG, PNG, WebP or HEIC/HEIF (what phones save),
 * each at most 5 MB, judged by their bytes, never by their name or declared type.
 */

export type ClaimPhotoType = "image/jpeg" | "image/png" | "image/webp" | "image/heic" | "image/heif";

/** The ISO base media "ftyp" brands of HEIC (HEVC-coded) and other HEIF still images. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1"]);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function detectClaimPhotoType(bytes: Uint8Array): ClaimPhotoType | null {
  const jpegOrPng = detectIdPhotoType(bytes);
  if (jpegOrPng) return jpegOrPng;
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return "image/heic";
    if (HEIF_BRANDS.has(brand)) return "image/heif";
  }
  return null;
}

type PhotoProblemId = "server.claims.photoTooLarge" | "server.claims.photoWrongType" | "server.claims.photosTooMany";

/** A photo's problem in words (`n`: the photo's place in the form, from 1). */
export const photoProblem = (id: PhotoProblemId, n = 1): MessageDescriptor =>
  id === "server.claims.photoTooLarge"
    ? message(id, { n, megabytes: MAX_CLAIM_PHOTO_BYTES / (1024 * 1024) })
    : id === "server.claims.photoWrongType"
      ? message(id, { n })
      : message(id, { max: CLAIM_PHOTOS_MAX });

/**
 * What the form can tell before sending (the page with JavaScript, so nothing too large is sent):
 * too many photos, or photos over 5 MB, with the server's own messages. Types are judged by the
 * server, by the bytes.
 */
export function photoSizeProblems(sizes: number[]): MessageDescriptor[] {
  if (sizes.length > CLAIM_PHOTOS_MAX) return [photoProblem("server.claims.photosTooMany")];
  return sizes.flatMap((size, i) =>
    size > MAX_CLAIM_PHOTO_BYTES ? [photoProblem("server.claims.photoTooLarge", i + 1)] : [],
  );
}
