import { describe, expect, it } from "vitest";
import { insertDelivery } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";

/**
 * The paging contract of every delivery list: `?cursor=&limit=` (20 by default, 100 at most), the
 * next page's cursor (`X-Next-Cursor` for the array lists, `nextCursor` in the admin object), no
 * item twice and none missed while new deliveries arrive, a bad cursor or limit 400.
 */
const base = Date.now() - 24 * 60 * 60_000;

/** Walks every page of `path`, booking one more delivery before each next page; returns the ids seen. */
async function walk(
  path: string,
  cookie: string,
  readPage: (json: any, headers: Headers) => { ids: string[]; next: string | null },
  between: () => Promise<unknown>,
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const separator = path.includes("?") ? "&" : "?";
    const response = await api(`${path}${separator}limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
      cookie,
    });
    expect(response.status, response.text).toBe(200);
    const page = readPage(response.json, response.headers);
    expect(page.ids.length).toBeLessThanOrEqual(7);
    seen.push(...page.ids);
    if (!page.next) return seen;
    cursor = page.next;
    await between();
  }
  throw new Error("did not reach the last page");
}

const arrayPage = (json: any, headers: Headers) => ({
  ids: json.map((d: { id: string }) => d.id),
  next: headers.get("X-Next-Cursor"),
});

describe("paging of delivery lists", () => {
  it("GET /api/deliveries/my: 20 by default, every item once while new ones arrive", async () => {
    const { user, cookie } = await signedIn("user");
    const original: string[] = [];
    // 30 deliveries, some sharing a creation time (the id breaks the tie).
    for (let i = 0; i < 30; i++)
      original.push(
        (await insertDelivery({ customerId: user.id, createdAt: new Date(base + Math.floor(i / 3) * 1000) })).id,
      );

    const first = await api("/api/deliveries/my", { cookie });
    expect(first.json).toHaveLength(20);
    expect(first.headers.get("X-Next-Cursor")).toBeTruthy();
    expect(first.headers.get("Link")).toMatch(/^<\/api\/deliveries\/my\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);

    let n = 0;
    const seen = await walk("/api/deliveries/my", cookie, arrayPage, () =>
      insertDelivery({ customerId: user.id, createdAt: new Date(Date.now() + ++n) }),
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...original].sort());
  });

  it("refuses a bad cursor or limit with 400 naming it", async () => {
    const { cookie } = await signedIn("user");
    for (const cursor of ["nonsense!", "WzEsMl0", "eyJhIjoxfQ", "x".repeat(500)]) {
      const response = await api(`/api/deliveries/my?cursor=${encodeURIComponent(cursor)}`, { cookie });
      expect(response.status, cursor).toBe(400);
      const said = "This page link is not valid. Start again from the first page.";
      expect(response.json).toEqual({
        message: said,
        error: said,
        code: "server.http.cursorInvalid",
        values: {},
        field: "cursor",
        errors: { cursor: [said] },
      });
    }
    for (const limit of ["0", "101", "abc", "2.5", "-1"]) {
      const response = await api(`/api/deliveries/my?limit=${limit}`, { cookie });
      expect(response.status, limit).toBe(400);
      expect(response.json).toMatchObject({ code: "server.http.limitInvalid", values: { max: 100 }, field: "limit" });
      expect(response.json.errors).toEqual({ limit: ["The page size (limit) must be a whole number from 1 to 100."] });
    }
    expect((await api("/api/deliveries/my?limit=100", { cookie })).status).toBe(200);
  });

  it("GET /api/deliveries/rider and /available page the same way", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const held: string[] = [];
    for (let i = 0; i < 16; i++)
      held.push(
        (
          await insertDelivery({
            customerId: customer.user.id,
            riderId: rider.user.id,
            status: "delivered",
            createdAt: new Date(base + i * 1000),
          })
        ).id,
      );
    const seen = await walk("/api/deliveries/rider", rider.cookie, arrayPage, () =>
      insertDelivery({
        customerId: customer.user.id,
        riderId: rider.user.id,
        status: "assigned",
        createdAt: new Date(Date.now() + 1),
      }),
    );
    expect([...seen].sort()).toEqual([...held].sort());

    // The pending pool is shared with other tests: check no item comes twice and ours are all there.
    const pending: string[] = [];
    for (let i = 0; i < 9; i++)
      pending.push(
        (await insertDelivery({ customerId: customer.user.id, createdAt: new Date(base - 1000 * (i + 1)) })).id,
      );
    const available = await walk("/api/deliveries/available", rider.cookie, arrayPage, () =>
      insertDelivery({ customerId: customer.user.id, createdAt: new Date() }),
    );
    expect(new Set(available).size).toBe(available.length);
    for (const id of pending) expect(available).toContain(id);
  });

  it("GET /api/admin/deliveries answers nextCursor in its object", async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const seen = await walk(
      "/api/admin/deliveries?filter=all",
      admin.cookie,
      (json) => ({ ids: json.deliveries.map((d: { id: string }) => d.id), next: json.nextCursor }),
      () => insertDelivery({ customerId: customer.user.id, createdAt: new Date() }),
    );
    expect(new Set(seen).size).toBe(seen.length);
  });
});
