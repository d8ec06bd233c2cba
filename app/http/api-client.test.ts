import { describe, expect, it } from "vitest";
import { ApiError, IntentKeys, type ApiRequestOptions } from "./api-client";

describe("IntentKeys: one Idempotency-Key per intent until the server answers", () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it("a double click sends the same key; after the answer the next submit gets a new one", async () => {
    const keys = new IntentKeys(counter());
    const sent: (string | undefined)[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const call = async (_m: string, _u: string, _b?: unknown, options?: ApiRequestOptions) => {
      sent.push(options?.idempotencyKey);
      await gate;
      return { ok: true };
    };
    const both = Promise.all([keys.request("remittance", "POST", "/x", {}, call), keys.request("remittance", "POST", "/x", {}, call)]);
    release();
    await both;
    await keys.request("remittance", "POST", "/x", {}, call);
    expect(sent).toEqual(["key-1", "key-1", "key-2"]);
  });

  it("keeps the key after a network failure or a 5xx (a retry is safe), drops it after a refusal", async () => {
    const keys = new IntentKeys(counter());
    const failWith = (error: unknown) => async () => {
      throw error;
    };
    await expect(keys.request("a", "POST", "/x", {}, failWith(new TypeError("offline")))).rejects.toThrow();
    expect(keys.keyFor("a")).toBe("key-1");
    await expect(keys.request("a", "POST", "/x", {}, failWith(new ApiError(503, "down", null)))).rejects.toThrow();
    expect(keys.keyFor("a")).toBe("key-1");
    await expect(keys.request("a", "POST", "/x", {}, failWith(new ApiError(400, "Amount is required", null)))).rejects.toThrow();
    expect(keys.keyFor("a")).toBe("key-2");
    expect(keys.keyFor("b")).toBe("key-3");
  });

  it("keeps the key when the first request is still being processed, in any language", async () => {
    const keys = new IntentKeys(counter());
    const busy = new ApiError(409, "Pinoproseso pa ang request…", { error: "Pinoproseso pa ang request…", code: "server.http.idempotencyInProgress", values: {} });
    await expect(keys.request("a", "POST", "/x", {}, async () => Promise.reject(busy))).rejects.toThrow();
    expect(keys.keyFor("a")).toBe("key-1");
  });
});
