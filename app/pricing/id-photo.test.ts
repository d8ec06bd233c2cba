import { describe, expect, it } from "vitest";
import { detectIdPhotoType } from "./id-photo";

describe("ID photos are judged by their bytes", () => {
  it("knows JPEG and PNG, and nothing else", () => {
    expect(detectIdPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("image/jpeg");
    expect(detectIdPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(detectIdPhotoType(new TextEncoder().encode("%PDF-1.7\n"))).toBeNull();
    expect(detectIdPhotoType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(detectIdPhotoType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectIdPhotoType(new Uint8Array([]))).toBeNull();
  });
});
