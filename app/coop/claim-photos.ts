import { detectIdPhotoType } from "~/discounts/id-photo";

/**
 * A claim's document photos (issue 30): up to 3, JPEG, PNG, WebP or HEIC/HEIF (what phones save),
 * each at most 5 MB, judged by their bytes, never by their name or declared type.
 */
export const CLAIM_PHOTOS_MAX = 3;
export const MAX_CLAIM_PHOTO_BYTES = 5 * 1024 * 1024;

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
