import { expect } from "vitest";
import { ID, MALFORMED_BODIES, ODD_IDS, type ApiRoute } from "./api-routes";
import { insertDelivery } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";

/**
 * Sends malformed bodies and odd ids to `routes` as every kind of caller (anonymous, customer,
 * rider, admin) and expects no 5xx. The calls of one route and id go out together, so a sweep
 * costs about as many round trips as it has routes and ids.
 */
export async function expectNoServerErrors(routes: ApiRoute[]) {
  const customer = await signedIn("user");
  const rider = await signedIn("rider");
  const admin = await signedIn("admin");
  const delivery = await insertDelivery({ customerId: customer.user.id });
  const callers = [undefined, customer.cookie, rider.cookie, admin.cookie];
  const failures: string[] = [];
  for (const route of routes) {
    // Account deletion would end the caller's session for the rest of the sweep.
    if (route.path === "/api/auth/user/account") continue;
    const ids = route.path.includes(ID) ? [delivery.id, ...ODD_IDS] : [""];
    for (const id of ids) {
      const path = route.path.replace(ID, encodeURIComponent(id));
      const bodies = route.method === "GET" ? [undefined] : MALFORMED_BODIES;
      const calls = callers.flatMap((cookie) =>
        bodies.map(async (rawBody) => {
          const response = await api(path, { method: route.method, cookie, rawBody });
          if (response.status >= 500)
            failures.push(
              `${route.method} ${path.slice(0, 60)} body=${String(rawBody).slice(0, 20)} → ${response.status}`,
            );
        }),
      );
      await Promise.all(calls);
    }
  }
  expect(failures).toEqual([]);
}
