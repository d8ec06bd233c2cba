import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cityCentre } from "~/places/cities.server";
import { notifications, riderApplications } from "~/db/schema";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationIn } from "~/notifications/notification-reader.server";
import { notificationInsert, notify } from "~/notifications/notifications.server";
import { bookingBody, historyFor, insertDelivery } from "./delivery-fixtures";
import { api, createUser, db, ORIGIN, signedIn } from "./helpers";
import { paidEvent } from "./ledger-fixtures";

const approvedRider = (overrides = {}) => signedIn("rider", { riderApprovedAt: new Date(), ...overrides });

/** What the user's bell lists, through the real API. */
async function bell(cookie: string) {
  const answer = await api("/api/notifications", { cookie });
  expect(answer.status).toBe(200);
  return answer.json as {
    notifications: {
      id: number;
      kind: string;
      title: string;
      body: string;
      url: string;
      createdAt: string;
      readAt: string | null;
    }[];
    unread: number;
  };
}

const kindsOf = async (cookie: string) => (await bell(cookie)).notifications.map((n) => n.kind);

/** Pays an online booking the way the gateway tells us: a signed `checkout_session.payment.paid` webhook (sandbox secret). */
async function payOnline(deliveryId: string) {
  const answer = await (await paidEvent(deliveryId)).send();
  expect(answer.json).toEqual({ received: true, outcome: "applied" });
}

async function bookCash(customerCookie: string) {
  const booked = await api("/api/deliveries", { cookie: customerCookie, body: bookingBody() });
  expect(booked.status).toBe(201);
  return booked.json as { id: string };
}

describe("GET /api/notifications and POST /api/notifications/read", () => {
  it("anonymous callers get 401; everyone else sees only their own, newest first, with the unread count", async () => {
    expect((await api("/api/notifications")).status).toBe(401);
    expect((await api("/api/notifications")).json).toMatchObject({
      message: "Unauthorized",
      code: "server.http.unauthorized",
    });
    expect((await api("/api/notifications/read", { body: {} })).status).toBe(401);

    const customer = await signedIn("user");
    const other = await signedIn("user");
    const rider = await approvedRider();
    const admin = await signedIn("admin");
    const content = (n: number) => ({
      kind: "reactivated" as const,
      title: { id: "notifications.suspended.body", values: { reason: `T${n}` } } as const,
      body: { id: "notifications.applicationRejected.bodyWithNote", values: { note: `B${n}` } } as const,
      url: "/",
    });
    const title = (n: number) => `An admin suspended your rider account: T${n}`;
    await notify(env.DB, [{ to: { userId: customer.user.id }, content: content(1) }], Date.now() - 2000);
    await notify(env.DB, [{ to: { userId: customer.user.id }, content: content(2) }], Date.now() - 1000);
    await notify(env.DB, [{ to: { userId: other.user.id }, content: content(3) }]);

    const mine = await bell(customer.cookie);
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((n) => n.title)).toEqual([title(2), title(1)]);
    expect(mine.notifications[0]).toEqual({
      id: expect.any(Number),
      kind: "reactivated",
      title: title(2),
      body: "Your rider application was not approved: B2",
      url: "/",
      createdAt: expect.any(String),
      readAt: null,
    });
    for (const someone of [rider, admin]) expect(await bell(someone.cookie)).toEqual({ notifications: [], unread: 0 });
    expect((await bell(other.cookie)).notifications.map((n) => n.title)).toEqual([title(3)]);

    // Another user's ids change nothing of theirs.
    const othersId = (await bell(other.cookie)).notifications[0]!.id;
    const foreign = await api("/api/notifications/read", { cookie: customer.cookie, body: { ids: [othersId] } });
    expect(foreign.json).toEqual({ unread: 2 });
    expect((await bell(other.cookie)).unread).toBe(1);

    const one = await api("/api/notifications/read", {
      cookie: customer.cookie,
      body: { ids: [mine.notifications[1]!.id] },
    });
    expect(one.status).toBe(200);
    expect(one.json).toEqual({ unread: 1 });
    const after = await bell(customer.cookie);
    expect(after.notifications[1]!.readAt).not.toBeNull();
    expect(after.notifications[0]!.readAt).toBeNull();

    expect((await api("/api/notifications/read", { cookie: customer.cookie, body: {} })).json).toEqual({ unread: 0 });
    expect((await bell(customer.cookie)).unread).toBe(0);
    expect((await bell(other.cookie)).unread).toBe(1);
  });

  it("refuses bad bodies with 400 naming the field, and wrong methods with 405", async () => {
    const customer = await signedIn("user");
    for (const [body, message] of [
      [
        { ids: "all" },
        "Send the notifications to mark read as a list of their ids, or send no list to mark them all read.",
      ],
      [{ ids: ["1"] }, "Name each notification to mark read by its id, a number, as the bell lists it."],
      [{ ids: [1.5] }, "A notification's id is a whole number above 0. Send the ids the bell lists."],
      [
        { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
        "Mark at most 100 notifications read at once, or send no list to mark them all read.",
      ],
      [{ all: true }, "Send only the ids of the notifications to mark read, nothing else."],
    ] as const) {
      const answer = await api("/api/notifications/read", { cookie: customer.cookie, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.message).toBe(message);
    }
    expect((await api("/api/notifications/read", { cookie: customer.cookie, rawBody: "{" })).status).toBe(400);
    expect((await api("/api/notifications", { cookie: customer.cookie, method: "POST", body: {} })).status).toBe(405);
    expect((await api("/api/notifications/read", { cookie: customer.cookie })).status).toBe(405);
  });
});

describe("the customer hears of their delivery", () => {
  it("rider assigned, picked up, delivered with 'Rate your rider', each linking to the tracking page", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider({ firstName: "Rico" });
    const delivery = await bookCash(customer.cookie);
    expect((await api(`/api/deliveries/${delivery.id}/accept`, { cookie: rider.cookie, body: {} })).status).toBe(200);
    let list = (await bell(customer.cookie)).notifications;
    expect(list[0]).toMatchObject({ kind: "rider_assigned", title: "Rider assigned", url: `/tracking/${delivery.id}` });
    expect(list[0]!.body).toContain("Rico");

    for (const status of ["picked_up", "in_transit", "delivered"]) {
      expect(
        (await api(`/api/deliveries/${delivery.id}/status`, { cookie: rider.cookie, body: { status } })).status,
        status,
      ).toBe(200);
    }
    list = (await bell(customer.cookie)).notifications;
    expect(list.map((n) => n.kind)).toEqual(["delivered", "picked_up", "rider_assigned"]);
    expect(list[0]).toMatchObject({ title: "Delivered", url: `/tracking/${delivery.id}` });
    expect(list[0]!.body).toContain("Rate your rider");
    expect((await bell(customer.cookie)).unread).toBe(3);
    // The rider is told nothing of their own steps.
    expect(await kindsOf(rider.cookie)).toEqual([]);
  });

  it("a refused step notifies nobody", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
    expect(
      (await api(`/api/deliveries/${delivery.id}/status`, { cookie: rider.cookie, body: { status: "delivered" } }))
        .status,
    ).toBe(409);
    expect(await kindsOf(customer.cookie)).toEqual([]);
  });

  it("cancelled by an admin (with the reason), not when the customer cancels it themselves", async () => {
    const customer = await signedIn("user");
    const admin = await signedIn("admin");
    const mine = await bookCash(customer.cookie);
    expect(
      (await api(`/api/deliveries/${mine.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }))
        .status,
    ).toBe(200);
    expect(await kindsOf(customer.cookie)).toEqual([]);

    const theirs = await bookCash(customer.cookie);
    const cancel = await api(`/api/admin/deliveries/${theirs.id}/cancel`, {
      cookie: admin.cookie,
      body: { reason: "Pickup address closed" },
    });
    expect(cancel.status).toBe(200);
    const [told] = (await bell(customer.cookie)).notifications;
    expect(told).toMatchObject({
      kind: "cancelled_by_admin",
      title: "Delivery cancelled",
      url: `/tracking/${theirs.id}`,
    });
    expect(told!.body).toContain("Pickup address closed");
    // Cancelling again is refused (409) and tells nothing new.
    expect(
      (await api(`/api/admin/deliveries/${theirs.id}/cancel`, { cookie: admin.cookie, body: { reason: "again" } }))
        .status,
    ).toBe(409);
    expect(await kindsOf(customer.cookie)).toEqual(["cancelled_by_admin"]);
  });

  it("a refund made, with its amount", async () => {
    const customer = await signedIn("user");
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "gcash" }),
    });
    await payOnline(booked.json.id);
    const cancelled = await api(`/api/deliveries/${booked.json.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.json.payment).toMatchObject({ status: "refunded" });
    const [told] = (await bell(customer.cookie)).notifications;
    expect(told).toMatchObject({ kind: "refunded", title: "Refund made", url: `/tracking/${booked.json.id}` });
    expect(told!.body).toContain("₱136.00");
  });
});

describe("riders hear of deliveries", () => {
  it("a new delivery within 5 km of an online rider's last position; not riders farther, offline, suspended or unapproved", async () => {
    const pickup = cityCentre("Makati, Metro Manila")!;
    const near = { lastLatitude: pickup.latitude + 0.02, lastLongitude: pickup.longitude };
    const nearby = await approvedRider(near);
    const far = await approvedRider({ lastLatitude: pickup.latitude + 0.1, lastLongitude: pickup.longitude });
    const offline = await approvedRider({ ...near, riderOnline: false });
    const suspended = await approvedRider({ ...near, riderSuspendedAt: new Date(), riderSuspensionReason: "x" });
    const unapproved = await signedIn("rider", near);
    const customer = await signedIn("user");
    await bookCash(customer.cookie);

    const [told] = (await bell(nearby.cookie)).notifications;
    expect(told).toMatchObject({ kind: "delivery_nearby", title: "New delivery nearby", url: "/rider-dashboard" });
    expect(told!.body).toContain("2.2 km");
    for (const rider of [far, offline, suspended, unapproved]) expect(await kindsOf(rider.cookie)).toEqual([]);
  });

  it("an online booking is announced once paid, not before", async () => {
    const pickup = cityCentre("Makati, Metro Manila")!;
    const nearby = await approvedRider({ lastLatitude: pickup.latitude, lastLongitude: pickup.longitude });
    const customer = await signedIn("user");
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "gcash" }),
    });
    expect(await kindsOf(nearby.cookie)).toEqual([]);
    await payOnline(booked.json.id);
    expect(await kindsOf(nearby.cookie)).toEqual(["delivery_nearby"]);
  });

  it("a reassignment: the rider who lost it, the new rider and the customer hear of it", async () => {
    const customer = await signedIn("user");
    const first = await approvedRider();
    const second = await approvedRider({ firstName: "Berto" });
    const admin = await signedIn("admin");
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", first.user.id) });
    expect(
      (
        await api(`/api/admin/deliveries/${delivery.id}/assign`, {
          cookie: admin.cookie,
          body: { riderId: second.user.id },
        })
      ).status,
    ).toBe(200);
    expect((await bell(first.cookie)).notifications[0]).toMatchObject({
      kind: "delivery_taken",
      title: "Delivery reassigned",
    });
    expect((await bell(second.cookie)).notifications[0]).toMatchObject({
      kind: "delivery_assigned_to_you",
      url: "/rider-dashboard",
    });
    const [toCustomer] = (await bell(customer.cookie)).notifications;
    expect(toCustomer).toMatchObject({ kind: "rider_assigned" });
    expect(toCustomer!.body).toContain("Berto");
  });

  it("suspended (with the reason), then reactivated", async () => {
    const rider = await approvedRider();
    const admin = await signedIn("admin");
    expect(
      (
        await api(`/api/admin/riders/${rider.user.id}/suspend`, {
          cookie: admin.cookie,
          body: { reason: "Helmet not worn" },
        })
      ).status,
    ).toBe(200);
    const [suspended] = (await bell(rider.cookie)).notifications;
    expect(suspended).toMatchObject({ kind: "suspended", title: "Account suspended" });
    expect(suspended!.body).toContain("Helmet not worn");
    // Refused the second time: nothing new.
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/suspend`, { cookie: admin.cookie, body: { reason: "again" } }))
        .status,
    ).toBe(409);
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/reactivate`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(200);
    expect(await kindsOf(rider.cookie)).toEqual(["reactivated", "suspended"]);
  });
});

describe("rider applications", () => {
  it("every admin hears of a new application; the applicant's account hears the decision", async () => {
    const admins = [await signedIn("admin"), await signedIn("admin")];
    const customer = await signedIn("user");
    const mobile = `0918${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const submitted = await api("/api/rider-applications", {
      body: { fullName: "Juan dela Cruz", mobile, city: "quezon-city", hasMotorcycle: "yes" },
      headers: { "CF-Connecting-IP": "198.51.100.77" },
    });
    expect(submitted.status).toBe(201);
    for (const admin of admins) {
      const [told] = (await bell(admin.cookie)).notifications.filter((n) => n.kind === "application_submitted");
      expect(told).toMatchObject({
        title: "New rider application",
        body: "Juan dela Cruz applied to ride in Quezon City, Metro Manila.",
        url: "/admin/riders",
      });
    }
    expect(await kindsOf(customer.cookie)).toEqual([]);

    const decided = await api(`/api/admin/rider-applications/${submitted.json.id}/decision`, {
      cookie: admins[0]!.cookie,
      body: { decision: "approve" },
    });
    expect(decided.status).toBe(200);
    const [stored] = await db()
      .select({ userId: riderApplications.userId })
      .from(riderApplications)
      .where(eq(riderApplications.id, submitted.json.id));
    const rows = await db().select().from(notifications).where(eq(notifications.userId, stored!.userId!));
    expect(rows.map((row) => [row.kind, row.title])).toEqual([
      ["application_decided", "notifications.applicationApproved.title"],
    ]);
    expect(rows.map((row) => notificationIn("en", row).title)).toEqual(["Rider application approved"]);
  });

  it("a rejection reaches an existing account with that mobile", async () => {
    const applicant = await createUser("user");
    const local = `0${applicant.phoneNumber!.slice(3)}`;
    const admin = await signedIn("admin");
    const submitted = await api("/api/rider-applications", {
      body: { fullName: "Ana Reyes", mobile: local, city: "makati", hasMotorcycle: "no" },
      headers: { "CF-Connecting-IP": "198.51.100.78" },
    });
    expect(submitted.status).toBe(201);
    await api(`/api/admin/rider-applications/${submitted.json.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "reject", note: "No licence yet" },
    });
    const rows = await db().select().from(notifications).where(eq(notifications.userId, applicant.id));
    expect(rows.map((row) => [row.kind, notificationIn("en", row).body])).toEqual([
      ["application_decided", "Your rider application was not approved: No licence yet"],
    ]);
  });
});

describe("a deleted account", () => {
  it("keeps no notifications nor push subscriptions", async () => {
    const customer = await signedIn("user");
    await notify(env.DB, [{ to: { userId: customer.user.id }, content: notificationMessages.reactivated() }]);
    await env.DB.prepare(
      `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?1, ?2, 'k', 'a', ?3)`,
    )
      .bind(`https://push.test/${customer.user.id}`, customer.user.id, Date.now())
      .run();
    expect(
      (await api("/api/auth/user/account", { method: "DELETE", cookie: customer.cookie, body: { confirm: true } }))
        .status,
    ).toBe(200);
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM notifications WHERE user_id = ?1) + (SELECT count(*) FROM push_subscriptions WHERE user_id = ?1) AS n`,
    )
      .bind(customer.user.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe("notificationInsert in a batch", () => {
  it("follows the change before it: a guarded change that changed nothing notifies nobody", async () => {
    const rider = await createUser("rider");
    const statements = [
      env.DB.prepare(`UPDATE users SET updated_at = updated_at WHERE id = 'nobody'`),
      notificationInsert(env.DB, { userId: rider.id }, notificationMessages.reactivated()),
    ];
    await env.DB.batch(statements);
    expect(await db().select().from(notifications).where(eq(notifications.userId, rider.id))).toEqual([]);
    await env.DB.batch([
      env.DB.prepare(`UPDATE users SET updated_at = updated_at WHERE id = ?`).bind(rider.id),
      statements[1]!,
    ]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, rider.id))).toHaveLength(1);
  });
});

describe("the bell without JavaScript", () => {
  const page = async (path: string, cookie: string) =>
    (await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie } })).text();
  const markAll = (cookie: string | undefined, returnTo: string) =>
    SELF.fetch(`${ORIGIN}/notifications/read`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        Host: "localhost",
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({ returnTo }).toString(),
      redirect: "manual",
    });

  it("is in the page's HTML: the unread count and the newest notifications, with a Mark all as read form", async () => {
    const customer = await signedIn("user");
    await notify(env.DB, [{ to: { userId: customer.user.id }, content: notificationMessages.reactivated() }]);
    const html = await page("/booking", customer.cookie);
    expect(html).toContain("Account reactivated");
    expect(html).toMatch(/data-testid="bell-count"[^>]*>1</);
    expect(html).toContain('action="/notifications/read"');
    expect(html).toContain('name="returnTo" value="/booking"');
  });

  it("marks all read and goes back to the page; another person's stay unread; signed out changes nothing", async () => {
    const customer = await signedIn("user");
    const other = await signedIn("user");
    await notify(env.DB, [
      { to: { userId: customer.user.id }, content: notificationMessages.reactivated() },
      { to: { userId: other.user.id }, content: notificationMessages.reactivated() },
    ]);
    const anonymous = await markAll(undefined, "/booking");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe("/");
    expect((await bell(customer.cookie)).unread).toBe(1);

    const answer = await markAll(customer.cookie, "/booking?x=1");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/booking?x=1");
    expect((await bell(customer.cookie)).unread).toBe(0);
    expect((await bell(other.cookie)).unread).toBe(1);
    expect(await page("/booking", customer.cookie)).not.toContain('data-testid="bell-count"');

    // Only a path of this site to go back to.
    expect((await markAll(customer.cookie, "//evil.example/")).headers.get("Location")).toBe("/");
    // A GET changes nothing and leads home.
    const get = await SELF.fetch(`${ORIGIN}/notifications/read`, {
      headers: { Cookie: other.cookie },
      redirect: "manual",
    });
    expect(get.status).toBe(302);
    expect((await bell(other.cookie)).unread).toBe(1);
  });
});
