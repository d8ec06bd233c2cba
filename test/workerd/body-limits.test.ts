import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries } from "~/db/schema";
import { DEFAULT_BODY_LIMIT } from "~/http/body-limit.server";
import { translate } from "~/i18n/i18n.server";

/** The 413 refusal as an `/api` caller gets it, in English or Filipino. */
const tooLarge = (language: "en" | "fil", megabytes = 1) => {
  const error = translate(language, "server.http.bodyTooLarge", { megabytes });
  return { message: error, error, code: "server.http.bodyTooLarge", values: { megabytes } };
};
import { bookingBody } from "./delivery-fixtures";
import { db, ORIGIN, signedIn } from "./helpers";

const bookingsOf = async (customerId: string) =>
  (await db().select().from(deliveries).where(eq(deliveries.customerId, customerId))).length;

/** A valid booking padded to `bytes` with spaces (still valid JSON). */
const paddedBooking = (bytes: number) => {
  const json = JSON.stringify(bookingBody());
  return json + " ".repeat(Math.max(0, bytes - json.length));
};

/**
 * A body of `total` bytes sent in 64 KB chunks as a stream (no Content-Length: chunked), counting
 * what the Worker pulled from it.
 */
function countingStream(text: string) {
  const bytes = new TextEncoder().encode(text);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= bytes.byteLength) return controller.close();
      const chunk = bytes.subarray(state.pulled, state.pulled + 64 * 1024);
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

const post = (path: string, cookie: string, body: BodyInit, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json", ...headers },
    redirect: "manual",
  });

describe("bodies over their limit are refused while read (413)", () => {
  it("a 2 MB JSON booking with Content-Length: 413 at once, nothing booked", async () => {
    const customer = await signedIn("user");
    const answer = await post("/api/deliveries", customer.cookie, paddedBooking(2 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(tooLarge("en"));
    expect(await bookingsOf(customer.user.id)).toBe(0);
  });

  it("the same as a chunked stream without Content-Length: 413, the rest never read, nothing booked", async () => {
    const customer = await signedIn("user");
    const { stream, state } = countingStream(paddedBooking(50 * 1024 * 1024));
    const answer = await post("/api/deliveries", customer.cookie, stream);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(tooLarge("en"));
    expect(state.pulled).toBeLessThan(10 * 1024 * 1024);
    expect(await bookingsOf(customer.user.id)).toBe(0);
  });

  it("with an Idempotency-Key too, and in Filipino for a Filipino account", async () => {
    const customer = await signedIn("user", { language: "fil" });
    const { stream } = countingStream(paddedBooking(3 * 1024 * 1024));
    const answer = await post("/api/deliveries", customer.cookie, stream, { "Idempotency-Key": "big-1" });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(tooLarge("fil"));
    expect(await bookingsOf(customer.user.id)).toBe(0);
  });

  it("a body just under the limit is still read and answered (a booking)", async () => {
    const customer = await signedIn("user");
    const { stream } = countingStream(paddedBooking(DEFAULT_BODY_LIMIT - 1024));
    const answer = await post("/api/deliveries", customer.cookie, stream);
    expect(answer.status).toBe(201);
    expect(await bookingsOf(customer.user.id)).toBe(1);
  });

  it("the payments webhook: over 256 KB is 413, chunked or not", async () => {
    const big = JSON.stringify({ data: "x".repeat(300 * 1024) });
    const declared = await SELF.fetch(`${ORIGIN}/api/payments/webhook`, {
      method: "POST",
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(declared.status).toBe(413);
    const { stream } = countingStream(big);
    const chunked = await SELF.fetch(`${ORIGIN}/api/payments/webhook`, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json" },
    });
    expect(chunked.status).toBe(413);
  });

  it("a page action: a 2 MB form post to a page is 413 (plain text), chunked or not", async () => {
    const customer = await signedIn("user");
    const form = `language=fil&pad=${"x".repeat(2 * 1024 * 1024)}`;
    const declared = await post("/language", customer.cookie, form, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe(translate("en", "server.http.bodyTooLarge", { megabytes: 1 }));
    const { stream } = countingStream(form);
    const chunked = await post("/language", customer.cookie, stream, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(chunked.status).toBe(413);
  });

  it("an ID upload may be larger (its photo's own 5 MB rule answers below 8 MB); above, 413", async () => {
    const customer = await signedIn("user");
    const form = new FormData();
    form.set("kind", "student");
    form.set("photo", new File([new Uint8Array(9 * 1024 * 1024)], "id.jpg", { type: "image/jpeg" }));
    const answer = await SELF.fetch(`${ORIGIN}/api/discounts/id`, {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: customer.cookie },
    });
    expect(answer.status).toBe(413);
  });
});
