import { describe, expect, it } from "vitest";
import { detectClaimPhotoType } from "./claim-photos";

const bytes = (text: string, prefix: number[] = []) => new Uint8Array([...prefix, ...new TextEncoder().encode(text)]);

describe("claim photos are judged by their bytes", () => {
  it("knows JPEG, PNG, WebP and HEIC/HEIF, and nothing else", () => {
    expect(detectClaimPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("image/jpeg");
    expect(detectClaimPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(detectClaimPhotoType(bytes("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("image/webp");
    expect(detectClaimPhotoType(bytes("ftypheic\x00\x00\x00\x00", [0, 0, 0, 0x18]))).toBe("image/heic");
    expect(detectClaimPhotoType(bytes("ftypmif1\x00\x00\x00\x00", [0, 0, 0, 0x18]))).toBe("image/heif");
    expect(detectClaimPhotoType(bytes("ftypisom\x00\x00\x00\x00", [0, 0, 0, 0x18]))).toBeNull();
    expect(detectClaimPhotoType(bytes("RIFF\x10\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(detectClaimPhotoType(bytes("%PDF-1.7\n"))).toBeNull();
    expect(detectClaimPhotoType(bytes("GIF89a"))).toBeNull();
    expect(detectClaimPhotoType(new Uint8Array([]))).toBeNull();
  });
});
