import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertDelivery } from "./delivery-fixtures";
import { ORIGIN, signedIn } from "./helpers";

/**
 * OPTIONS and HEAD on every route, for every kind of caller: OPTIONS is 204 with `Allow` and no
 * data; HEAD answers what GET answers (status and headers) without a body. Plus the caching,
 * HSTS and CSP headers.
 */
const ID = "__ID__";
const ROUTES: { path: string; allow: string }[] = [
  { path: "/api/identity/sms/send", allow: "POST, OPTIONS" },
  { path: "/api/identity/sms/verify", allow: "POST, OPTIONS" },
  { path: "/api/identity/email/send", allow: "POST, OPTIONS" },
  { path: "/api/identity/email/verify", allow: "POST, OPTIONS" },
  { path: "/api/auth/phone", allow: "POST, OPTIONS" },
  { path: "/api/auth/email", allow: "POST, OPTIONS" },
  { path: "/api/auth/user", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/auth/user/profile", allow: "PATCH, OPTIONS" },
  { path: "/api/auth/user/role", allow: "PATCH, OPTIONS" },
  { path: "/api/auth/user/account", allow: "DELETE, OPTIONS" },
  { path: "/api/auth/logout", allow: "POST, OPTIONS" },
  { path: "/api/pricing/calculate", allow: "POST, OPTIONS" },
  { path: "/api/deliveries", allow: "POST, OPTIONS" },
  { path: "/api/deliveries/my", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/deliveries/available", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/deliveries/rider", allow: "GET, HEAD, OPTIONS" },
  { path: `/api/deliveries/${ID}`, allow: "GET, HEAD, OPTIONS" },
  { path: `/api/deliveries/${ID}/accept`, allow: "POST, OPTIONS" },
  { path: `/api/deliveries/${ID}/status`, allow: "POST, OPTIONS" },
  { path: `/api/deliveries/${ID}/could-not-deliver`, allow: "POST, OPTIONS" },
  { path: `/api/deliveries/${ID}/location`, allow: "POST, OPTIONS" },
  { path: `/api/deliveries/${ID}/release`, allow: "POST, OPTIONS" },
  { path: `/api/deliveries/${ID}/rating`, allow: "POST, OPTIONS" },
  { path: "/api/rider/availability", allow: "POST, OPTIONS" },
  { path: "/api/payments/webhook", allow: "POST, OPTIONS" },
  { path: "/api/payouts/webhook", allow: "POST, OPTIONS" },
  { path: "/api/discounts/id", allow: "GET, POST, HEAD, OPTIONS" },
  { path: "/api/admin/id-discounts", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/admin/partners", allow: "GET, POST, HEAD, OPTIONS" },
  { path: "/api/earnings/rider/stats", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/admin/stats", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/admin/deliveries", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/dev/outbox", allow: "GET, HEAD, OPTIONS" },
  { path: "/api/dev/seed", allow: "POST, OPTIONS" },
  { path: "/api/login", allow: "GET, HEAD, OPTIONS" },
  { path: `/ws?deliveryId=${ID}`, allow: "GET, HEAD, OPTIONS" },
  { path: "/", allow: "GET, HEAD, OPTIONS" },
  { path: "/booking", allow: "GET, HEAD, OPTIONS" },
  { path: "/tracking", allow: "GET, HEAD, OPTIONS" },
  { path: `/tracking/${ID}`, allow: "GET, HEAD, OPTIONS" },
  { path: "/rider-dashboard", allow: "GET, HEAD, OPTIONS" },
  { path: "/admin", allow: "GET, HEAD, OPTIONS" },
  { path: "/settings", allow: "GET, HEAD, OPTIONS" },
  { path: "/help", allow: "GET, HEAD, OPTIONS" },
  { path: "/become-rider", allow: "GET, POST, HEAD, OPTIONS" },
  { path: "/auth/email-verify", allow: "GET, POST, HEAD, OPTIONS" },
];

async function callers() {
  const customer = await signedIn("user");
  const rider = await signedIn("rider");
  const admin = await signedIn("admin");
  const delivery = await insertDelivery({ customerId: customer.user.id });
  return { id: delivery.id, cookies: [undefined, customer.cookie, rider.cookie, admin.cookie], customer, admin };
}

const send = (path: string, method: string, cookie?: string, extra: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method,
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...extra },
  });

/** Headers that differ between two answers for reasons other than the method (fresh nonces, dates). */
const VOLATILE = new Set(["content-security-policy", "date", "content-length", "set-cookie"]);
const stableHeaders = (response: Response) => [...response.headers].filter(([name]) => !VOLATILE.has(name)).sort();

describe("OPTIONS", () => {
  it("answers 204 with Allow and no data on every route, whoever calls", async () => {
    const { id, cookies } = await callers();
    for (const route of ROUTES) {
      for (const cookie of cookies) {
        const response = await send(route.path.replace(ID, id), "OPTIONS", cookie);
        const label = `OPTIONS ${route.path} ${cookie ? "signed in" : "anonymous"}`;
        if (route.path.startsWith("/api/dev/")) {
          // Development-only routes do not exist here (ENVIRONMENT is not development).
          expect(response.status, label).toBe(404);
          expect(await response.json(), label).toEqual({
            message: "Not Found",
            error: "Not Found",
            code: "server.http.notFound",
            values: {},
          });
          continue;
        }
        expect(response.status, label).toBe(204);
        expect(response.headers.get("Allow"), label).toBe(route.allow);
        expect(await response.text(), label).toBe("");
        expect(response.headers.get("Access-Control-Allow-Origin"), label).toBeNull();
      }
    }
  }, 60_000);

  it("answers 404 for an /api path that does not exist", async () => {
    const response = await send("/api/no-such-route", "OPTIONS");
    expect(response.status).toBe(404);
  });

  it("matches what each route really answers: listed methods are not 405, others are", async () => {
    const { id, admin } = await callers();
    for (const route of ROUTES.filter((r) => r.path.startsWith("/api/") && !r.path.includes("/dev/"))) {
      const allowed = route.allow.split(", ");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (method === "DELETE" && allowed.includes("DELETE")) continue; // would delete the admin
        const response = await SELF.fetch(`${ORIGIN}${route.path.replace(ID, id)}`, {
          method,
          redirect: "manual",
          headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        await response.body?.cancel();
        const label = `${method} ${route.path}`;
        if (allowed.includes(method)) expect(response.status, label).not.toBe(405);
        else expect([404, 405], label).toContain(response.status);
      }
    }
  }, 120_000);
});

describe("HEAD", () => {
  it("answers exactly what GET answers, without a body, on every GET route and for every caller", async () => {
    const { id, cookies } = await callers();
    for (const route of ROUTES.filter((r) => r.allow.includes("GET"))) {
      for (const cookie of cookies) {
        const path = route.path.replace(ID, id);
        const get = await send(path, "GET", cookie);
        await get.text();
        const head = await send(path, "HEAD", cookie);
        const label = `HEAD ${route.path} ${cookie ? "signed in" : "anonymous"}`;
        expect(head.status, label).toBe(get.status);
        expect(stableHeaders(head), label).toEqual(stableHeaders(get));
        expect(await head.text(), label).toBe("");
      }
    }
  }, 120_000);

  it("gives 401 and 404 where GET does", async () => {
    const { id, customer } = await callers();
    expect((await send("/api/deliveries/my", "HEAD")).status).toBe(401);
    expect((await send(`/api/deliveries/${id}`, "HEAD")).status).toBe(401);
    expect((await send("/api/deliveries/no-such-id", "HEAD", customer.cookie)).status).toBe(404);
    expect((await send("/api/admin/stats", "HEAD", customer.cookie)).status).toBe(403);
  });
});

describe("caching and transport headers", () => {
  it("marks personal JSON and signed-in pages private, no-store", async () => {
    const { customer } = await callers();
    for (const path of ["/api/deliveries/my", "/api/auth/user"]) {
      expect((await send(path, "GET", customer.cookie)).headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    for (const path of ["/", "/booking", "/tracking", "/settings"]) {
      const response = await send(path, "GET", customer.cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    expect((await send("/api/deliveries/my", "GET")).headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("sends HSTS over https only", async () => {
    const secure = await SELF.fetch("https://localhost/help");
    expect(secure.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect((await SELF.fetch(`${ORIGIN}/help`)).headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("lets pages connect only to their own origin and Mapbox", async () => {
    const csp = (await SELF.fetch("https://localhost/help")).headers.get("Content-Security-Policy")!;
    const connect = csp.split("; ").find((directive) => directive.startsWith("connect-src "))!;
    expect(connect.split(" ").slice(1)).toEqual([
      "'self'",
      "wss://localhost",
      "https://api.mapbox.com",
      "https://*.tiles.mapbox.com",
      "https://events.mapbox.com",
    ]);
    const local = (await SELF.fetch(`${ORIGIN}/help`)).headers.get("Content-Security-Policy")!;
    expect(local).toContain("connect-src 'self' ws://localhost ");
  });
});

describe("the Allow table", () => {
  it("lists every /api route the sweeps know, with its method", async () => {
    const { allowedMethods } = await import("~/http/allowed-methods");
    const { ROUTES: API } = await import("./api-routes");
    for (const route of API) {
      const path = route.path.replace("__ID__", "some-id");
      expect(allowedMethods(path), `${route.method} ${path}`).toContain(route.method);
    }
  });
});
