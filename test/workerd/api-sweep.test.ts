import { describe, expect, it } from "vitest";
import { ID, ROUTES } from "./api-routes";
import { api, signedIn } from "./helpers";

/**
 * Every /api route (api-routes.ts): anonymous callers get 401 where a session is needed, and a
 * wrong method never answers 500. The malformed-body sweeps are split by route group
 * (api-sweep-*.test.ts) so that they run in parallel.
 */
describe("every /api route", () => {
  it("refuses anonymous callers with 401 where a session is needed", async () => {
    for (const route of ROUTES.filter((r) => !r.public)) {
      const response = await api(route.path.replace(ID, "some-id"), {
        method: route.method,
        body: route.method === "GET" ? undefined : {},
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(response.json, `${route.method} ${route.path}`).toEqual({
        message: "Unauthorized",
        error: "Unauthorized",
        code: "server.http.unauthorized",
        values: {},
      });
    }
  });

  it("answers a wrong method with 405 or 404, never 500", async () => {
    const admin = await signedIn("admin");
    for (const route of ROUTES) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (method === route.method) continue;
        const response = await api(route.path.replace(ID, "some-id"), {
          method,
          cookie: admin.cookie,
          rawBody: method === "GET" ? undefined : "{}",
        });
        expect(response.status, `${method} ${route.path}`).toBeLessThan(500);
      }
    }
  }, 60_000);
});
