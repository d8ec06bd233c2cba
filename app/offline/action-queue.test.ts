import { describe, expect, it } from "vitest";
import { isNotYetAnswered, retryDelayMs } from "./action-queue";

describe("the offline queue's retries", () => {
  it("backs off 5 s, 10 s, 20 s, 40 s, then every 60 s, never giving up", () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it("keeps an action after a 5xx or a 409 'still being processed' (in any language), settles it on any other answer", () => {
    const plain = new Headers();
    const flagged = new Headers({ "Idempotency-In-Progress": "true" });
    expect(isNotYetAnswered(503, plain, undefined)).toBe(true);
    expect(isNotYetAnswered(409, flagged, undefined)).toBe(true);
    expect(isNotYetAnswered(409, plain, "server.http.idempotencyInProgress")).toBe(true);
    expect(isNotYetAnswered(409, plain, "server.deliveries.cannotChange")).toBe(false);
    expect(isNotYetAnswered(200, plain, undefined)).toBe(false);
    expect(isNotYetAnswered(422, plain, "server.http.idempotencyReused")).toBe(false);
  });
});
