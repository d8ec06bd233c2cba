import { describe, expect, it } from "vitest";
import { insertDelivery } from "./delivery-fixtures";
import { api, matrixCallers, signedIn, uploadIdPhoto } from "./helpers";

/**
 * The permission matrix of every money route (decision 0217): anonymous, customer, other customer, rider,
 * other rider, admin. Bodies are valid where a caller is allowed, so the status says who may act.
 */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3, 0xff, 0xd9]);

const uploadId = (cookie?: string) => uploadIdPhoto(cookie, { kind: "senior", bytes: JPEG });

describe("permission matrix of the money routes", () => {
  it("admin routes: 401 anonymous, 403 customers and riders, 2xx admins", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const partner = (
      await api("/api/admin/partners", {
        cookie: admin.cookie,
        body: { name: "Matrix Co", billingEmail: "bill@matrix.ph" },
      })
    ).json;
    const application = (await (await uploadId(customer.cookie)).json()) as { application: { id: string } };
    const appId = application.application.id;

    const routes: { method: string; path: string; body?: unknown; ok: number }[] = [
      { method: "GET", path: "/api/admin/partners", ok: 200 },
      { method: "POST", path: "/api/admin/partners", body: { name: "Another Co", billingEmail: "x@y.ph" }, ok: 201 },
      { method: "GET", path: `/api/admin/partners/${partner.id}`, ok: 200 },
      { method: "GET", path: `/api/admin/partners/${partner.id}/statement?month=2026-11`, ok: 200 },
      { method: "GET", path: "/api/admin/id-discounts", ok: 200 },
      { method: "GET", path: `/api/admin/id-discounts/${appId}/image`, ok: 200 },
    ];
    const expectations: [string, string | undefined, number | "ok"][] = [
      ["anonymous", undefined, 401],
      ["customer", customer.cookie, 403],
      ["other customer", otherCustomer.cookie, 403],
      ["rider", rider.cookie, 403],
      ["other rider", otherRider.cookie, 403],
      ["admin", admin.cookie, "ok"],
    ];
    for (const route of routes) {
      for (const [who, cookie, expected] of expectations) {
        const answer = await api(route.path, { method: route.method, cookie, body: route.body });
        expect(answer.status, `${who} ${route.method} ${route.path}`).toBe(expected === "ok" ? route.ok : expected);
        if (expected === 401)
          expect(answer.json).toEqual({
            message: "Unauthorized",
            error: "Unauthorized",
            code: "server.http.unauthorized",
            values: {},
          });
      }
    }
    // The two admin writes with a one-time effect, each caller refused before the admin acts.
    const member = await signedIn("user");
    const local = `0${member.user.phoneNumber!.slice(3)}`;
    for (const [who, cookie, expected] of expectations) {
      const add = await api(`/api/admin/partners/${partner.id}/members`, { cookie, body: { phoneNumber: local } });
      expect(add.status, `${who} add member`).toBe(expected === "ok" ? 201 : expected);
      const review = await api(`/api/admin/id-discounts/${appId}/review`, { cookie, body: { decision: "approve" } });
      expect(review.status, `${who} review`).toBe(expected === "ok" ? 200 : expected);
    }
  });

  it("/api/discounts/id: 401 anonymous; every signed-in user sees only their own", async () => {
    expect((await uploadId()).status).toBe(401);
    expect((await api("/api/discounts/id")).status).toBe(401);
    const customer = await signedIn("user");
    const other = await signedIn("user");
    const rider = await signedIn("rider");
    expect((await uploadId(customer.cookie)).status).toBe(201);
    expect((await api("/api/discounts/id", { cookie: customer.cookie })).json.application.kind).toBe("senior");
    expect((await api("/api/discounts/id", { cookie: other.cookie })).json).toEqual({ application: null });
    expect((await uploadId(rider.cookie)).status).toBe(201);
  });

  it("/api/payments/webhook takes no session: anyone without a valid signature gets 401 and changes nothing", async () => {
    const admin = await signedIn("admin");
    for (const cookie of [undefined, admin.cookie]) {
      const answer = await api("/api/payments/webhook", {
        cookie,
        rawBody: JSON.stringify({ data: { id: "evt_x", attributes: { type: "payment.paid" } } }),
        origin: null,
      });
      expect(answer.status).toBe(401);
    }
  });

  it("/dev/pay/{paymentId} is 404 outside development for everyone", async () => {
    const customer = await signedIn("user");
    const delivery = await insertDelivery({ customerId: customer.user.id });
    for (const cookie of [undefined, customer.cookie]) {
      expect((await api(`/dev/pay/pay_${delivery.id}`, { cookie })).status).toBe(404);
    }
  });
});

describe("the money routes never answer 500", () => {
  const ID = "__ID__";
  const ROUTES: { method: string; path: string }[] = [
    { method: "POST", path: "/api/payments/webhook" },
    { method: "GET", path: "/api/discounts/id" },
    { method: "POST", path: "/api/discounts/id" },
    { method: "GET", path: "/api/admin/id-discounts?status=pending" },
    { method: "POST", path: `/api/admin/id-discounts/${ID}/review` },
    { method: "GET", path: `/api/admin/id-discounts/${ID}/image` },
    { method: "GET", path: "/api/admin/partners" },
    { method: "POST", path: "/api/admin/partners" },
    { method: "GET", path: `/api/admin/partners/${ID}` },
    { method: "POST", path: `/api/admin/partners/${ID}/members` },
    { method: "GET", path: `/api/admin/partners/${ID}/statement?month=2026-11` },
    { method: "POST", path: "/api/pricing/calculate" },
    { method: "POST", path: "/api/deliveries" },
  ];
  const BODIES = [
    "",
    "{",
    "null",
    "[]",
    '"text"',
    '{"promoCode": {"a": 1}, "paymentMethod": 5, "name": [], "decision": null, "phoneNumber": 9}',
    '{"data": {"id": 1}}',
  ];
  const IDS = ["does-not-exist", "x".repeat(3000), "%2e%2e%2f", "🚚", "' OR 1=1 --"];

  it("to malformed bodies, odd ids and wrong methods, whoever calls", async () => {
    const customer = await signedIn("user");
    const admin = await signedIn("admin");
    const failures: string[] = [];
    for (const route of ROUTES) {
      const ids = route.path.includes(ID) ? IDS : [""];
      for (const id of ids) {
        const path = route.path.replace(ID, encodeURIComponent(id));
        for (const cookie of [undefined, customer.cookie, admin.cookie]) {
          for (const rawBody of route.method === "GET" ? [undefined] : BODIES) {
            const answer = await api(path, {
              method: route.method,
              cookie,
              rawBody,
              origin: route.path.includes("webhook") ? null : undefined,
            });
            if (answer.status >= 500)
              failures.push(`${route.method} ${path.slice(0, 50)} ${String(rawBody).slice(0, 12)} → ${answer.status}`);
          }
        }
      }
      for (const method of ["GET", "POST", "PUT", "DELETE"].filter((m) => m !== route.method)) {
        const answer = await api(route.path.replace(ID, "x"), {
          method,
          cookie: admin.cookie,
          rawBody: method === "GET" ? undefined : "{}",
        });
        if (answer.status >= 500) failures.push(`${method} ${route.path} → ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
