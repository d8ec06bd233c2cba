import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { users } from "~/db/schema";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";
import { upgradeSocket } from "./socket-client";

const en = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("en", id, values);

const approvedRider = (overrides = {}) => signedIn("rider", { riderApprovedAt: new Date(), ...overrides });

describe("GET /api/admin/riders", () => {
  it("lists approved riders with phone, last seen, active deliveries, deliveries of the last 30 days, suspension, online, rating and membership", async () => {
    const seenAt = new Date(Date.now() - 5 * 60_000);
    const rider = await approvedRider({ firstName: "Aaron", lastName: "Listed", lastLocatedAt: seenAt });
    const suspended = await approvedRider({
      firstName: "Aaron",
      lastName: "Suspended",
      riderSuspendedAt: new Date(),
      riderSuspensionReason: "Late remittance",
    });
    const unapproved = await signedIn("rider");
    const customer = await signedIn("user");
    await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
    await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("delivered", rider.user.id),
      deliveredAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const admin = await signedIn("admin");

    const response = await api("/api/admin/riders", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const byId = new Map(response.json.riders.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(rider.user.id)).toEqual({
      id: rider.user.id,
      firstName: "Aaron",
      lastName: "Listed",
      phoneNumber: rider.user.phoneNumber,
      role: "rider",
      lastSeen: seenAt.toISOString(),
      activeDeliveries: 1,
      deliveredLast30Days: 1,
      suspension: null,
      // Test riders chose online, and this one was heard from 5 minutes ago; no rating yet.
      online: true,
      rating: null,
      membership: { status: "rider", delivered: 2, needed: 100, memberSince: null },
    });
    expect(byId.get(suspended.user.id)).toMatchObject({
      lastSeen: null,
      activeDeliveries: 0,
      suspension: { reason: "Late remittance" },
    });
    expect(byId.has(unapproved.user.id)).toBe(false);
    expect(byId.has(customer.user.id)).toBe(false);
  });

  it("is for admins only", async () => {
    expect(await api("/api/admin/riders")).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    for (const caller of [await signedIn("user"), await approvedRider()]) {
      expect((await api("/api/admin/riders", { cookie: caller.cookie })).status).toBe(403);
    }
  });
});

describe("suspending and reactivating a rider", () => {
  it("has the permission matrix: 401, 403 for customers and riders, 404 for someone not an approved rider, 400 without a reason", async () => {
    const rider = await approvedRider();
    const path = `/api/admin/riders/${rider.user.id}/suspend`;
    expect(await api(path, { body: { reason: "x" } })).toMatchObject({
      status: 401,
      json: { message: "Unauthorized" },
    });
    expect((await api(path, { cookie: (await signedIn("user")).cookie, body: { reason: "x" } })).status).toBe(403);
    expect((await api(path, { cookie: (await approvedRider()).cookie, body: { reason: "x" } })).status).toBe(403);
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/reactivate`, { method: "POST", cookie: rider.cookie })).status,
    ).toBe(403);
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    expect(
      (await api(`/api/admin/riders/${customer.user.id}/suspend`, { cookie: admin.cookie, body: { reason: "x" } }))
        .status,
    ).toBe(404);
    expect((await api(`/api/admin/riders/nobody/reactivate`, { method: "POST", cookie: admin.cookie })).status).toBe(
      404,
    );
    expect(await api(path, { cookie: admin.cookie, body: {} })).toMatchObject({
      status: 400,
      json: { message: en("server.riders.reasonRequired"), field: "reason" },
    });
    expect((await api(path, { cookie: admin.cookie, body: { reason: "   " } })).status).toBe(400);
    expect((await api(path, { cookie: admin.cookie, body: { reason: "x".repeat(201) } })).status).toBe(400);
    const [stored] = await db().select().from(users).where(eq(users.id, rider.user.id));
    expect(stored!.riderSuspendedAt).toBeNull();
  });

  it("refuses every rider call of a suspended rider with the reason, until reactivated", async () => {
    const rider = await approvedRider();
    const customer = await signedIn("user");
    const held = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    const pending = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    const admin = await signedIn("admin");
    const suspend = await api(`/api/admin/riders/${rider.user.id}/suspend`, {
      cookie: admin.cookie,
      body: { reason: "Helmet not worn" },
    });
    expect(suspend).toMatchObject({ status: 200, json: { ok: true } });
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/suspend`, { cookie: admin.cookie, body: { reason: "again" } }))
        .status,
    ).toBe(409);

    const refusal = {
      status: 403,
      json: { message: en("server.riders.suspended", { reason: "Helmet not worn" }), code: "server.riders.suspended" },
    };
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/deliveries/available"],
      ["GET", "/api/deliveries/rider"],
      ["GET", "/api/earnings/rider/stats"],
      ["POST", `/api/deliveries/${pending.id}/accept`],
      ["POST", `/api/deliveries/${held.id}/status`, { status: "picked_up" }],
      ["POST", `/api/deliveries/${held.id}/location`, { latitude: 14.55, longitude: 121.03 }],
    ];
    for (const [method, path, body] of calls) {
      expect(await api(path, { method, cookie: rider.cookie, body }), `${method} ${path}`).toMatchObject(refusal);
    }
    // The live socket: refused at the gate with the same reason; the held delivery is no longer theirs to see.
    const socket = await upgradeSocket(`deliveryId=${held.id}`, { Cookie: rider.cookie });
    expect(socket.status).toBe(403);
    expect(await socket.json()).toMatchObject(refusal.json);
    expect((await api(`/api/deliveries/${held.id}`, { cookie: rider.cookie })).status).toBe(404);
    // Nothing moved.
    expect((await api(`/api/deliveries/${held.id}`, { cookie: admin.cookie })).json).toMatchObject({
      status: "assigned",
      riderId: rider.user.id,
    });
    expect((await api(`/api/deliveries/${pending.id}`, { cookie: admin.cookie })).json).toMatchObject({
      status: "pending",
      riderId: null,
    });
    // The dashboard says why.
    const dashboard = await api("/rider-dashboard", { cookie: rider.cookie });
    expect(dashboard.status).toBe(403);
    expect(dashboard.text).toContain("Your rider account is suspended: Helmet not worn");

    expect(
      (await api(`/api/admin/riders/${rider.user.id}/reactivate`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(200);
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/reactivate`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(409);
    expect((await api("/api/deliveries/rider", { cookie: rider.cookie })).status).toBe(200);
    expect(
      (await api(`/api/deliveries/${held.id}/status`, { cookie: rider.cookie, body: { status: "picked_up" } })).json
        .status,
    ).toBe("picked_up");
  });

  it("still lets a suspended rider track their own bookings as a customer", async () => {
    const rider = await approvedRider({ riderSuspendedAt: new Date(), riderSuspensionReason: "Review" });
    const own = await insertDelivery({ customerId: rider.user.id, ...historyFor("pending", null) });
    expect((await api(`/api/deliveries/${own.id}`, { cookie: rider.cookie })).status).toBe(200);
    expect((await upgradeSocket(`deliveryId=${own.id}`, { Cookie: rider.cookie })).status).toBe(101);
  });
});

describe("Manage Riders page", () => {
  it("shows the applications and riders tabs to admins, Access Denied to others", async () => {
    const admin = await signedIn("admin");
    const page = await api("/admin/riders", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    for (const text of ["Manage Riders", "Applications", "Riders"]) expect(page.text).toContain(text);
    const customer = await signedIn("user");
    const denied = await api("/admin/riders", { cookie: customer.cookie });
    expect(denied.status).toBe(403);
    expect(denied.text).toContain("Access Denied: Admin access required for this page");
  });
});
