import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/auth/crypto.server";
import { deliveries } from "~/db/schema";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from "~/http/idempotency.server";
import { translate } from "~/i18n/i18n.server";

/** The refusal of this id as an English caller gets it. */
const refusal = (id: (typeof IDEMPOTENCY_MESSAGES)[keyof typeof IDEMPOTENCY_MESSAGES]) => {
  const error = translate("en", id);
  return { message: error, error, code: id, values: {} };
};
import worker from "../../workers/app";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";

const withKey = (key: string) => ({ "Idempotency-Key": key });
const bookingsOf = async (customerId: string) =>
  (await db().select().from(deliveries).where(eq(deliveries.customerId, customerId))).length;

describe("Idempotency-Key on mutating /api calls", () => {
  it("answers a repeated booking with the first answer and books once", async () => {
    const customer = await signedIn("user");
    const first = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("booking-1"),
    });
    expect(first.status).toBe(201);
    const again = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("booking-1"),
    });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await bookingsOf(customer.user.id)).toBe(1);

    const other = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("booking-2"),
    });
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(first.json.id);
    expect(await bookingsOf(customer.user.id)).toBe(2);
  });

  it("replays a refusal too: the first answer is the answer", async () => {
    const rider = await signedIn("rider");
    const customer = await signedIn("user");
    const delivery = await insertDelivery({ customerId: customer.user.id });
    const first = await api(`/api/deliveries/${delivery.id}/status`, {
      cookie: rider.cookie,
      body: { status: "picked_up" },
      headers: withKey("step"),
    });
    expect(first.status).toBeGreaterThanOrEqual(400);
    const again = await api(`/api/deliveries/${delivery.id}/status`, {
      cookie: rider.cookie,
      body: { status: "picked_up" },
      headers: withKey("step"),
    });
    expect({ status: again.status, json: again.json }).toEqual({ status: first.status, json: first.json });
  });

  it("answers 422 to the same key with a different body, and changes nothing", async () => {
    const customer = await signedIn("user");
    await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody(), headers: withKey("k") });
    const different = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ packageDescription: "Something else" }),
      headers: withKey("k"),
    });
    expect(different.status).toBe(422);
    expect(different.json).toEqual(refusal(IDEMPOTENCY_MESSAGES.reused));
    expect(await bookingsOf(customer.user.id)).toBe(1);
  });

  it("keeps each user's keys apart", async () => {
    const carla = await signedIn("user");
    const carlos = await signedIn("user");
    const a = await api("/api/deliveries", { cookie: carla.cookie, body: bookingBody(), headers: withKey("same") });
    const b = await api("/api/deliveries", { cookie: carlos.cookie, body: bookingBody(), headers: withKey("same") });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.id).not.toBe(a.json.id);
    expect(await bookingsOf(carla.user.id)).toBe(1);
    expect(await bookingsOf(carlos.user.id)).toBe(1);
  });

  it("runs the call again once the key is older than 24 hours", async () => {
    const customer = await signedIn("user");
    await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody(), headers: withKey("old") });
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = created_at - ?1 WHERE user_id = ?2")
      .bind(IDEMPOTENCY_TTL_MS, customer.user.id)
      .run();
    const later = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("old"),
    });
    expect(later.status).toBe(201);
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await bookingsOf(customer.user.id)).toBe(2);
  });

  it("refuses a key that is empty, too long or not visible ASCII with 400, and runs nothing", async () => {
    const customer = await signedIn("user");
    for (const key of ["", "x".repeat(65), "two words"]) {
      const response = await api("/api/deliveries", {
        cookie: customer.cookie,
        body: bookingBody(),
        headers: withKey(key),
      });
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(response.json).toEqual(refusal(IDEMPOTENCY_MESSAGES.invalidKey));
    }
    expect(await bookingsOf(customer.user.id)).toBe(0);
  });

  it("answers 409 while the first call with the key is still being answered", async () => {
    const customer = await signedIn("user");
    const hash = await sha256Hex(`POST\n/api/deliveries\n${JSON.stringify(bookingBody())}`);
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, 'busy', ?2, ?3)",
    )
      .bind(customer.user.id, hash, Date.now())
      .run();
    const response = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("busy"),
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual(refusal(IDEMPOTENCY_MESSAGES.inProgress));
    expect(await bookingsOf(customer.user.id)).toBe(0);
  });

  it("a key left claimed by a crash is taken over by its retry after the 60 s lease; a 30 s old claim still answers 409", async () => {
    const customer = await signedIn("user");
    const hash = await sha256Hex(`POST\n/api/deliveries\n${JSON.stringify(bookingBody())}`);
    const claim = (key: string, ageMs: number) =>
      env.DB.prepare("INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4)")
        .bind(customer.user.id, key, hash, Date.now() - ageMs)
        .run();
    await claim("young", 30_000);
    await claim("stuck", IDEMPOTENCY_LEASE_MS + 1_000);

    const young = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("young"),
    });
    expect(young.status).toBe(409);
    expect(young.json).toEqual(refusal(IDEMPOTENCY_MESSAGES.inProgress));
    expect(young.headers.get("Idempotency-In-Progress")).toBe("true");
    expect(await bookingsOf(customer.user.id)).toBe(0);

    const retry = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("stuck"),
    });
    expect(retry.status).toBe(201);
    expect(await bookingsOf(customer.user.id)).toBe(1);
    const again = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("stuck"),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json).toEqual(retry.json);
    expect(await bookingsOf(customer.user.id)).toBe(1);
  });

  it("a stuck key is not taken over by a different request: 422, nothing runs", async () => {
    const customer = await signedIn("user");
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, 'stuck-other', 'another-hash', ?2)",
    )
      .bind(customer.user.id, Date.now() - IDEMPOTENCY_LEASE_MS - 1_000)
      .run();
    const response = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody(),
      headers: withKey("stuck-other"),
    });
    expect(response.status).toBe(422);
    expect(await bookingsOf(customer.user.id)).toBe(0);
  });

  it("leaves calls without a session alone (401 as before)", async () => {
    const response = await api("/api/deliveries", { body: bookingBody(), headers: withKey("anon") });
    expect(response.status).toBe(401);
  });
});

describe("an empty body", () => {
  it("a browser's empty POST body (a stream of no bytes) is answered, and replayed, not a 500", async () => {
    const customer = await signedIn("user");
    const first = await api("/api/notifications/read", {
      cookie: customer.cookie,
      rawBody: "",
      headers: withKey("empty-body"),
    });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ unread: 0 });
    const again = await api("/api/notifications/read", {
      cookie: customer.cookie,
      rawBody: "",
      headers: withKey("empty-body"),
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  });
});

describe("the scheduled clean-up", () => {
  it("deletes keys past their 24 hours and keeps the others", async () => {
    const customer = await signedIn("user");
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, 'expired', 'h', ?2)",
      ).bind(customer.user.id, now - IDEMPOTENCY_TTL_MS - 1),
      env.DB.prepare(
        "INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, 'fresh', 'h', ?2)",
      ).bind(customer.user.id, now),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(now), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare("SELECT key FROM idempotency_keys WHERE user_id = ?1")
      .bind(customer.user.id)
      .all<{ key: string }>();
    expect(results.map((r) => r.key)).toEqual(["fresh"]);
  });
});
