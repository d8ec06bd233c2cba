import { describe, expect, it } from "vitest";
import { insertDelivery } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";

/**
 * Every /api route, every kind of caller, malformed input: nothing answers 500, and every route
 * that needs a session refuses anonymous callers with 401 {"message":"Unauthorized"}.
 */
const ID = "__ID__";
const ROUTES: { method: string; path: string; public?: boolean }[] = [
  { method: "POST", path: "/api/identity/sms/send", public: true },
  { method: "POST", path: "/api/identity/sms/verify", public: true },
  { method: "POST", path: "/api/identity/email/send", public: true },
  { method: "POST", path: "/api/identity/email/verify", public: true },
  { method: "POST", path: "/api/auth/phone", public: true },
  { method: "POST", path: "/api/auth/email", public: true },
  { method: "GET", path: "/api/auth/user" },
  { method: "PATCH", path: "/api/auth/user/profile" },
  { method: "PATCH", path: "/api/auth/user/role" },
  { method: "DELETE", path: "/api/auth/user/account" },
  { method: "POST", path: "/api/auth/logout" },
  { method: "POST", path: "/api/pricing/calculate" },
  { method: "POST", path: "/api/deliveries" },
  { method: "GET", path: "/api/deliveries/my" },
  { method: "GET", path: "/api/deliveries/available" },
  { method: "GET", path: "/api/deliveries/rider" },
  { method: "GET", path: `/api/deliveries/${ID}` },
  { method: "POST", path: `/api/deliveries/${ID}/accept` },
  { method: "POST", path: `/api/deliveries/${ID}/status` },
  { method: "POST", path: `/api/deliveries/${ID}/location` },
  { method: "GET", path: "/api/earnings/rider/stats" },
  { method: "GET", path: "/api/admin/stats" },
  { method: "GET", path: "/api/admin/deliveries" },
  { method: "POST", path: "/api/rider-applications", public: true },
  { method: "GET", path: "/api/admin/rider-applications" },
  { method: "POST", path: `/api/admin/rider-applications/${ID}/decision` },
  { method: "GET", path: "/api/admin/riders" },
  { method: "POST", path: `/api/admin/riders/${ID}/suspend` },
  { method: "POST", path: `/api/admin/riders/${ID}/reactivate` },
  { method: "POST", path: `/api/admin/deliveries/${ID}/cancel` },
  { method: "POST", path: `/api/admin/deliveries/${ID}/assign` },
  { method: "GET", path: `/api/deliveries/${ID}/cancellation` },
  { method: "GET", path: "/api/dev/outbox", public: true },
  { method: "POST", path: "/api/dev/seed", public: true },
];

const MALFORMED_BODIES = ["", "{", "null", "[]", '"text"', "42", '{"status": 5, "role": [], "latitude": "north"}', `{"x": "${"y".repeat(100_000)}"}`];
const ODD_IDS = ["does-not-exist", "x".repeat(5000), "%2e%2e%2f%2e%2e", "🚚", "' OR 1=1 --"];

describe("every /api route", () => {
  it("refuses anonymous callers with 401 where a session is needed", async () => {
    for (const route of ROUTES.filter((r) => !r.public)) {
      const response = await api(route.path.replace(ID, "some-id"), { method: route.method, body: route.method === "GET" ? undefined : {} });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(response.json, `${route.method} ${route.path}`).toEqual({ message: "Unauthorized" });
    }
  });

  it("never answers 500 to malformed bodies or odd ids, whoever calls", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const admin = await signedIn("admin");
    const delivery = await insertDelivery({ customerId: customer.user.id });
    const callers = [undefined, customer.cookie, rider.cookie, admin.cookie];
    const failures: string[] = [];
    for (const route of ROUTES) {
      // Account deletion would end the caller's session for the rest of the sweep.
      if (route.path === "/api/auth/user/account") continue;
      const ids = route.path.includes(ID) ? [delivery.id, ...ODD_IDS] : [""];
      for (const id of ids) {
        const path = route.path.replace(ID, encodeURIComponent(id));
        for (const cookie of callers) {
          const bodies = route.method === "GET" ? [undefined] : MALFORMED_BODIES;
          for (const rawBody of bodies) {
            const response = await api(path, { method: route.method, cookie, rawBody });
            if (response.status >= 500) failures.push(`${route.method} ${path.slice(0, 60)} body=${String(rawBody).slice(0, 20)} → ${response.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("answers a wrong method with 405 or 404, never 500", async () => {
    const admin = await signedIn("admin");
    for (const route of ROUTES) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (method === route.method) continue;
        const response = await api(route.path.replace(ID, "some-id"), { method, cookie: admin.cookie, rawBody: method === "GET" ? undefined : "{}" });
        expect(response.status, `${method} ${route.path}`).toBeLessThan(500);
      }
    }
  }, 60_000);
});
