import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { deliveries, users } from "~/db/schema";

/** Every table the drizzle schema declares, so a new table is checked without editing this file. */
const TABLES: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);

const ORIGIN = "http://localhost";

describe("D1 schema", () => {
  it("matches the drizzle schema column for column", async () => {
    expect(TABLES.length).toBeGreaterThan(6);
    for (const table of TABLES) {
      const config = getTableConfig(table);
      const { results } = await env.DB.prepare(`PRAGMA table_info(${config.name})`).all<{
        name: string;
        notnull: number;
        pk: number;
      }>();
      const stored = results
        .map((c) => ({ name: c.name, notNull: c.notnull === 1 || c.pk === 1 }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const declared = config.columns
        .map((c) => ({ name: c.name, notNull: c.notNull }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(stored, config.name).toEqual(declared);
    }
  });

  it("has every index the drizzle schema declares", async () => {
    for (const table of TABLES) {
      const config = getTableConfig(table);
      const { results } = await env.DB.prepare(`PRAGMA index_list(${config.name})`).all<{ name: string }>();
      const stored = new Set(results.map((r) => r.name));
      for (const index of config.indexes) expect(stored, config.name).toContain(index.config.name);
    }
  });

  it("writes a row through drizzle and reads it back", async () => {
    const db = getDb(env.DB);
    const now = new Date();
    await db.insert(users).values({
      id: "user-roundtrip",
      phoneNumber: "+639171234567",
      firstName: "Juan",
      lastName: "dela Cruz",
      role: "rider",
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(deliveries).values({
      id: "delivery-roundtrip",
      customerId: "user-roundtrip",
      pickupAddress: "1 Ayala Ave",
      pickupCity: "Makati, Metro Manila",
      pickupPhone: "09171234567",
      dropoffAddress: "2 Katipunan Ave",
      dropoffCity: "Quezon City, Metro Manila",
      dropoffPhone: "09181234567",
      packageType: "documents",
      packageSize: "small",
      packageDescription: "Papers",
      baseFare: 4000,
      distanceFee: 1200,
      sizeFee: 0,
      totalFee: 5200,
      distance: "3.2",
      estimatedDuration: "7 mins",
      createdAt: now,
    });
    const [user] = await db.select().from(users).where(eq(users.id, "user-roundtrip"));
    expect(user).toMatchObject({ phoneNumber: "+639171234567", role: "rider", deactivatedAt: null });
    expect(user?.createdAt.getTime()).toBe(now.getTime());
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.id, "delivery-roundtrip"));
    expect(delivery).toMatchObject({
      status: "pending",
      totalFee: 5200,
      isFragile: false,
      cancellationFee: 0,
      riderId: null,
    });
  });

  it("refuses a second account with the same phone number", async () => {
    const db = getDb(env.DB);
    const now = new Date();
    const row = { phoneNumber: "+639179999999", createdAt: now, updatedAt: now };
    await db.insert(users).values({ id: "phone-a", ...row });
    await expect(db.insert(users).values({ id: "phone-b", ...row })).rejects.toThrow();
  });

  it("refuses a status outside the state machine's vocabulary", async () => {
    await env.DB.prepare("INSERT INTO users (id, created_at, updated_at) VALUES ('status-owner', 0, 0)").run();
    await expect(
      env.DB.prepare(
        `INSERT INTO deliveries (id, customer_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address,
          dropoff_city, dropoff_phone, package_type, package_size, package_description, base_fare, distance_fee,
          size_fee, total_fee, distance, estimated_duration, created_at)
         VALUES ('bad-status', 'status-owner', 'teleported', 'a', 'b', 'c', 'd', 'e', 'f', 'documents', 'small', 'g',
          0, 0, 0, 0, '1.0', '1 min', 0)`,
      ).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("pages", () => {
  it("serves / with 200 and the brand", async () => {
    const response = await SELF.fetch(`${ORIGIN}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Hatid");
    expect(html).toContain("Rider-owned delivery cooperative");
  });

  it("answers an unknown path with the 404 card and status 404", async () => {
    const response = await SELF.fetch(`${ORIGIN}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go Home<\/a>/);
    expect(html).not.toContain(">Go Back</a>");
  });

  it("leads back from the 404 card to the page of this site the link was on, never to another site", async () => {
    const from = (referer: string, headers: Record<string, string> = {}) =>
      SELF.fetch(`${ORIGIN}/no/such/page`, { headers: { Referer: referer, ...headers } }).then((response) =>
        response.text(),
      );
    expect(await from(`${ORIGIN}/help?tab=payments`)).toMatch(/<a [^>]*href="\/help\?tab=payments"[^>]*>Go Back<\/a>/);
    const filipino = await from(`${ORIGIN}/become-rider`, { Cookie: "lang=fil" });
    expect(filipino).toMatch(/<a [^>]*href="\/become-rider"[^>]*>Bumalik sa naunang page<\/a>/);
    expect(filipino).toMatch(/<a [^>]*href="\/"[^>]*>Bumalik sa Home<\/a>/);
    for (const referer of ["https://evil.example/help", `${ORIGIN}/no/such/page`, "not a url"])
      expect(await from(referer), referer).not.toContain(">Go Back</a>");
  });

  it("answers an unknown /api path with JSON 404, for reads and writes", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await SELF.fetch(`${ORIGIN}/api/no-such-thing`, { method, headers: { Origin: ORIGIN } });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({
        message: "Not Found",
        error: "Not Found",
        code: "server.http.notFound",
        values: {},
      });
    }
  });

  it("puts the security headers on every HTML response, with a per-response script nonce", async () => {
    const first = await SELF.fetch(`${ORIGIN}/`);
    const second = await SELF.fetch(`${ORIGIN}/missing`);
    for (const response of [first, second]) {
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("worker-src 'self' blob:"); // mapbox-gl's workers
      expect(csp).toContain("https://*.mapbox.com");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
    const nonceOf = (r: Response) => /nonce-([^']+)'/.exec(r.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    const html = await first.text();
    expect(html).toContain(`nonce="${nonceOf(first)}"`);
    expect(html).not.toMatch(/<script(?![^>]*nonce=)[^>]*>/);
  });

  it("shows a toast handed over by the server once, then clears it", async () => {
    const cookieValue = btoa(
      JSON.stringify({ title: "Account Deleted", description: "Your account has been deleted successfully." }),
    );
    const response = await SELF.fetch(`${ORIGIN}/`, {
      headers: { Cookie: `hatid_toast=${encodeURIComponent(cookieValue)}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Account Deleted");
    expect(response.headers.get("Set-Cookie")).toMatch(/hatid_toast=;.*Max-Age=0/);
  });

  it("ignores a malformed toast cookie instead of failing", async () => {
    const response = await SELF.fetch(`${ORIGIN}/`, { headers: { Cookie: "hatid_toast=%%%not-base64" } });
    expect(response.status).toBe(200);
  });
});

describe("development-only routes", () => {
  it("refuses to load demo data outside development", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/dev/seed`, { method: "POST", headers: { Origin: ORIGIN } });
    expect(response.status).toBe(404);
    const { results } = await env.DB.prepare("SELECT id FROM users WHERE id LIKE 'demo-%'").all();
    expect(results).toEqual([]);
  });
});

describe("/ws", () => {
  it("needs a delivery id", async () => {
    const response = await SELF.fetch(`${ORIGIN}/ws`, { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(400);
  });

  it("refuses a WebSocket handshake from another origin before anything else", async () => {
    const response = await SELF.fetch(`${ORIGIN}/ws?deliveryId=abc`, {
      headers: { Upgrade: "websocket", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
  });

  it("needs a WebSocket upgrade", async () => {
    const response = await SELF.fetch(`${ORIGIN}/ws?deliveryId=abc`);
    expect(response.status).toBe(426);
  });
});
