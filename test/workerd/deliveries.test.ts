import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries } from "~/db/schema";
import { newestActiveDeliveryId } from "~/deliveries/deliveries.server";
import { bookingBody } from "../fixtures/booking";
import { api, createUser, db, signedIn } from "./helpers";

const booking = (overrides: Record<string, unknown> = {}) =>
  bookingBody({ pickupNotes: "Ring the bell", dropoffPhone: "+639181234567", ...overrides });

const book = (cookie: string | undefined, body: unknown) => api("/api/deliveries", { body, cookie });

describe("POST /api/deliveries", () => {
  it("books a pending delivery priced by the server: 201 with the delivery", async () => {
    const { user, cookie } = await signedIn("user");
    const res = await book(cookie, booking({ packageSize: "medium", isFragile: true }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "pending",
      customerId: user.id,
      riderId: null,
      rider: null,
      pickupCity: "Makati, Metro Manila",
      pickupNotes: "Ring the bell",
      dropoffNotes: null,
      packageSize: "medium",
      isFragile: true,
      baseFare: 40,
      distanceFee: 96,
      sizeFee: 20,
      totalFee: 156,
      cancellationFee: 0,
      distance: "11.6",
      estimatedDuration: "24 mins",
      pickupLatitude: "14.550000",
      pickupLongitude: "121.030000",
      dropoffLatitude: "14.630000",
      assignedAt: null,
    });
    expect(new Date(res.json.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, res.json.id));
    expect(row).toMatchObject({ totalFee: 15600, distanceFee: 9600, customerId: user.id, status: "pending" });
  });

  it("stores the server's price, not the fee, distance or duration the client sent", async () => {
    const { cookie } = await signedIn("user");
    const res = await book(
      cookie,
      booking({ baseFare: 1, distanceFee: 0, sizeFee: 0, totalFee: 1, distance: "3.2", estimatedDuration: "15 mins" }),
    );
    expect(res.status).toBe(201);
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, res.json.id));
    expect(row).toMatchObject({
      baseFare: 4000,
      distanceFee: 9600,
      sizeFee: 0,
      totalFee: 13600,
      distance: "11.6",
      estimatedDuration: "24 mins",
    });
  });

  it("answers 401 to an anonymous caller and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM deliveries").first<{ n: number }>();
    const res = await book(undefined, booking());
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: "Unauthorized", code: "server.http.unauthorized" });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM deliveries").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("names every missing or blank field with its message", async () => {
    const { cookie } = await signedIn("user");
    const expected = {
      pickupAddress: "Pickup address is required",
      pickupCity: "Pickup city is required",
      pickupPhone: "Pickup contact number is required",
      dropoffAddress: "Dropoff address is required",
      dropoffCity: "Dropoff city is required",
      dropoffPhone: "Dropoff contact number is required",
      packageDescription: "Package description is required",
    };
    const missing = await book(cookie, {});
    expect(missing.status).toBe(400);
    for (const [field, message] of Object.entries(expected))
      expect(missing.json.errors[field], field).toEqual([message]);

    const blank = await book(cookie, Object.fromEntries(Object.keys(expected).map((k) => [k, "   "])));
    expect(blank.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(blank.json.errors[field], field).toEqual([message]);

    const nulls = await book(cookie, booking({ pickupAddress: null }));
    expect(nulls.status).toBe(400);
    expect(nulls.json.errors.pickupAddress).toEqual(["Pickup address is required"]);
  });

  it("refuses cities not in the list, bad phone numbers and unknown package types", async () => {
    const { cookie } = await signedIn("user");
    const res = await book(
      cookie,
      booking({
        pickupCity: "Makati",
        dropoffCity: "Gotham, Metro Manila",
        pickupPhone: "12345",
        packageType: "pets",
        packageSize: "xl",
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      pickupCity: ["Pickup city must be chosen from the list (e.g., Makati, Metro Manila)"],
      dropoffCity: ["Dropoff city must be chosen from the list (e.g., Makati, Metro Manila)"],
      pickupPhone: ["Please enter a valid Philippine phone number (e.g., 09171234567)"],
      packageType: ["Please choose a package type"],
      packageSize: ["Please choose a package size"],
    });
    const landline = await book(cookie, booking({ pickupPhone: "(02) 8123-4567" }));
    expect(landline.status).toBe(201);
  });

  it("refuses a 5,000-character address and stores HTML as inert text", async () => {
    const { cookie } = await signedIn("user");
    const long = await book(cookie, booking({ pickupAddress: "x".repeat(5000) }));
    expect(long.status).toBe(400);
    expect(long.json.errors.pickupAddress).toEqual(["Keep the pickup address to at most 300 characters."]);

    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const res = await book(cookie, booking({ pickupAddress: html, packageDescription: "<b>bold</b>" }));
    expect(res.status).toBe(201);
    expect(res.json.pickupAddress).toBe(html);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    // The booking page renders it as text: escaped, never as markup.
    const page = await api("/booking", { cookie });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).not.toContain("<script>alert(2)");
    expect(page.text).toContain("&lt;img src=x");
  });

  it("lets riders and admins book too, and refuses a cross-origin booking", async () => {
    for (const role of ["rider", "admin"] as const) {
      const { user, cookie } = await signedIn(role);
      const res = await book(cookie, booking());
      expect(res.status, role).toBe(201);
      expect(res.json.customerId).toBe(user.id);
    }
    const { cookie } = await signedIn("user");
    const foreign = await api("/api/deliveries", { body: booking(), cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("defaults the package type, size and fragile flag", async () => {
    const { cookie } = await signedIn("user");
    const { packageType: _t, packageSize: _s, isFragile: _f, ...rest } = booking();
    const res = await book(cookie, rest);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ packageType: "documents", packageSize: "small", isFragile: false });
  });
});

describe("GET /api/deliveries/my", () => {
  it("lists only the caller's own bookings, newest first", async () => {
    const { cookie } = await signedIn("user");
    const other = await signedIn("user");
    const first = await book(cookie, booking({ packageDescription: "first" }));
    const second = await book(cookie, booking({ packageDescription: "second" }));
    await book(other.cookie, booking({ packageDescription: "someone else's" }));
    const res = await api("/api/deliveries/my", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.map((d: { id: string }) => d.id)).toEqual([second.json.id, first.json.id]);
    expect(res.json[0]).toMatchObject({ totalFee: 136, distance: "11.6" });
  });

  it("answers 401 to an anonymous caller", async () => {
    const res = await api("/api/deliveries/my");
    expect(res.status).toBe(401);
  });
});

describe("GET /api/deliveries/{id}", () => {
  it("shows a delivery to its customer, any rider while pending, and admins; 404 to another customer", async () => {
    const owner = await signedIn("user");
    const created = await book(owner.cookie, booking());
    const id = created.json.id as string;

    const mine = await api(`/api/deliveries/${id}`, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id, status: "pending", rider: null, totalFee: 136 });

    const otherCustomer = await signedIn("user");
    const theirs = await api(`/api/deliveries/${id}`, { cookie: otherCustomer.cookie });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ error: "Delivery not found", code: "server.deliveries.notFound" });

    expect((await api(`/api/deliveries/${id}`, { cookie: (await signedIn("rider")).cookie })).status).toBe(200);
    expect((await api(`/api/deliveries/${id}`, { cookie: (await signedIn("admin")).cookie })).status).toBe(200);
    expect((await api(`/api/deliveries/${id}`)).status).toBe(401);
    expect((await api(`/api/deliveries/no-such-id`, { cookie: owner.cookie })).status).toBe(404);
  });

  it("hides an assigned delivery from other riders and shows its rider's name to the customer", async () => {
    const owner = await signedIn("user");
    const rider = await signedIn("rider");
    const created = await book(owner.cookie, booking());
    const id = created.json.id as string;
    await db()
      .update(deliveries)
      .set({ status: "assigned", riderId: rider.user.id, assignedAt: new Date() })
      .where(eq(deliveries.id, id));

    const seen = await api(`/api/deliveries/${id}`, { cookie: owner.cookie });
    // While active the rider summary carries who is coming (decision 0140).
    expect(seen.json.rider).toEqual({
      id: rider.user.id,
      firstName: rider.user.firstName,
      lastName: rider.user.lastName,
      vehicle: "motorcycle",
      rating: null,
      phone: rider.user.phoneNumber,
    });
    expect((await api(`/api/deliveries/${id}`, { cookie: rider.cookie })).status).toBe(200);
    expect((await api(`/api/deliveries/${id}`, { cookie: (await signedIn("rider")).cookie })).status).toBe(404);
  });
});

describe("newestActiveDeliveryId", () => {
  it("finds the customer's newest delivery still under way, or null", async () => {
    const customer = await createUser("user");
    expect(await newestActiveDeliveryId(db(), customer.id)).toBeNull();
    const base = {
      customerId: customer.id,
      pickupAddress: "a",
      pickupCity: "Makati, Metro Manila",
      pickupPhone: "09171234567",
      dropoffAddress: "b",
      dropoffCity: "Makati, Metro Manila",
      dropoffPhone: "09171234567",
      packageType: "documents" as const,
      packageSize: "small" as const,
      packageDescription: "d",
      baseFare: 4000,
      distanceFee: 1200,
      sizeFee: 0,
      totalFee: 5200,
      distance: "3.2",
      estimatedDuration: "7 mins",
    };
    const t = Date.UTC(2026, 0, 5, 2);
    // One row per statement: D1 binds at most 100 values in one.
    for (const row of [
      { ...base, id: `${customer.id}-old-active`, status: "assigned" as const, createdAt: new Date(t) },
      { ...base, id: `${customer.id}-newer-delivered`, status: "delivered" as const, createdAt: new Date(t + 60_000) },
      {
        ...base,
        id: `${customer.id}-newest-cancelled`,
        status: "cancelled" as const,
        createdAt: new Date(t + 120_000),
      },
    ]) {
      await db().insert(deliveries).values(row);
    }
    expect(await newestActiveDeliveryId(db(), customer.id)).toBe(`${customer.id}-old-active`);
  });
});
