import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliveryEvents, deliveryRatings } from "~/db/schema";
import { riderEarningsReport } from "~/routes/_app.rider.earnings/earnings-report.server";
import { insertDelivery } from "./delivery-fixtures";
import { createUser, db, ORIGIN, signedIn } from "./helpers";

/** View Earnings and Delivery History: Manila periods, paging, who may open them. */
const manila = (local: string) => Date.parse(`${local}+08:00`);
const page = async (path: string, cookie?: string) => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, html: await response.text() };
};

describe("riderEarningsReport", () => {
  it("splits today, this week and this month on Manila boundaries, day by day", async () => {
    const [customer, rider] = await Promise.all([createUser("user"), createUser("rider")]);
    // Wednesday 2043-07-01 10:00 Manila: the week began Monday June 29 (last month).
    const now = manila("2043-07-01T10:00:00");
    const at = (local: string, fee: number) =>
      insertDelivery({
        customerId: customer.id,
        riderId: rider.id,
        status: "delivered",
        totalFee: fee,
        createdAt: new Date(manila(local) - 3_600_000),
        deliveredAt: new Date(manila(local)),
      });
    await at("2043-07-01T00:00:00", 10000); // today (midnight exactly): 85.00
    await at("2043-06-30T23:59:59", 20000); // yesterday, this week, last month: 170.00
    await at("2043-06-28T23:00:00", 30000); // Sunday: last week, last month
    await at("2043-07-01T09:00:00", 10010); // today: 85.09 (round(8508.5))
    const report = await riderEarningsReport(db(), rider.id, now);
    expect(report).toMatchObject({
      today: 8500 + 8509,
      week: 8500 + 8509 + 17000,
      month: 8500 + 8509,
      deliveredThisMonth: 2,
    });
    expect(report.days.map((d) => [d.day, d.share, d.deliveries.length])).toEqual([["2043-07-01", 17009, 2]]);
  });
});

describe("/rider/history and /rider/earnings", () => {
  it("pages 20 at a time, newest first, with the rating received, a release and a cancellation", async () => {
    const customer = await createUser("user");
    const { user: rider, cookie } = await signedIn("rider");
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 23; i++) {
      const d = await insertDelivery({
        customerId: customer.id,
        riderId: rider.id,
        status: "delivered",
        pickupCity: `Makati, Metro Manila`,
        createdAt: new Date(base),
        deliveredAt: new Date(base + i * 60_000),
      });
      await db()
        .insert(deliveryEvents)
        .values({
          deliveryId: d.id,
          kind: "delivered",
          actorId: rider.id,
          riderId: rider.id,
          at: new Date(base + i * 60_000),
        });
      if (i === 22)
        await db().insert(deliveryRatings).values({
          deliveryId: d.id,
          customerId: customer.id,
          riderId: rider.id,
          stars: 5,
          comment: "Salamat po!",
          ratedAt: new Date(),
        });
    }
    const released = await insertDelivery({ customerId: customer.id, status: "pending" });
    await db()
      .insert(deliveryEvents)
      .values({
        deliveryId: released.id,
        kind: "released",
        actorId: rider.id,
        riderId: rider.id,
        at: new Date(base + 30 * 60_000),
      });
    const cancelled = await insertDelivery({
      customerId: customer.id,
      riderId: rider.id,
      status: "cancelled",
      cancelledAt: new Date(base + 31 * 60_000),
    });
    await db()
      .insert(deliveryEvents)
      .values({
        deliveryId: cancelled.id,
        kind: "cancelled",
        actorId: customer.id,
        riderId: rider.id,
        at: new Date(base + 31 * 60_000),
      });

    const first = await page("/rider/history", cookie);
    expect(first.status).toBe(200);
    const ids = [...first.html.matchAll(/<li class="rider-item" data-delivery-id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe(cancelled.id);
    expect(ids[1]).toBe(released.id);
    expect(first.html).toContain("Released");
    expect(first.html).toContain("Rated 5 out of 5");
    expect(first.html).toContain("Salamat po!");
    expect(first.html).toContain('href="/rider/history?page=2"');
    expect(first.html).not.toContain('rel="prev"');
    const second = await page("/rider/history?page=2", cookie);
    expect([...second.html.matchAll(/<li class="rider-item" data-delivery-id=/g)]).toHaveLength(5);
    expect(second.html).toContain('href="/rider/history"');
    expect(second.html).not.toContain('rel="next"');
    // Odd page numbers fall back to page 1 rather than failing.
    expect((await page("/rider/history?page=abc", cookie)).status).toBe(200);

    const earnings = await page("/rider/earnings", cookie);
    expect(earnings.status).toBe(200);
    expect(earnings.html).toContain("Your Earnings");
    expect(earnings.html).toContain("Of the deliveries you accepted in the last 30 days");
  });

  it("View Earnings shows Cash Out before the figures and the month's entries 10 at a time, newest first, with links to the older ones and back", async () => {
    const { user: rider, cookie } = await signedIn("rider");
    // Twelve adjustments this month, a minute apart (₱1.00 to ₱12.00), the newest a minute ago.
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 12 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note) VALUES (?1, 'adjustment', ?2, ?3, ?4, ?5)",
        ).bind(rider.id, (i + 1) * 100, `test-earnings-${rider.id}-${i}`, now - (12 - i) * 60_000, `Float ${i + 1}`),
      ),
    );
    // What the page shows (its data follows </main>, for the script).
    const shown = (html: string) => html.slice(0, html.indexOf("</main>"));
    const notes = (html: string) => [...shown(html).matchAll(/Float (\d+)/g)].map((m) => Number(m[1]));
    const first = await page("/rider/earnings", cookie);
    expect(first.status).toBe(200);
    expect(first.html.indexOf("Request Cash Out")).toBeLessThan(first.html.indexOf("Earnings by period"));
    expect(first.html).toContain("₱78.00");
    expect(notes(first.html)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const older = /href="(\/rider\/earnings\?cursor=[^"#]+)#ledger"/.exec(first.html)?.[1];
    expect(older).toBeDefined();
    expect(shown(first.html)).not.toContain("Back to the newest");
    const second = await page(older!, cookie);
    expect(notes(second.html)).toEqual([2, 1]);
    expect(second.html).toContain('href="/rider/earnings#ledger"');
    expect(shown(second.html)).not.toContain("Older entries");
    // A cursor that is not one shows the first page rather than failing.
    const odd = await page("/rider/earnings?cursor=nonsense", cookie);
    expect(odd.status).toBe(200);
    expect(notes(odd.html)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it("denies customers and admins (403) and shows the landing page to visitors", async () => {
    for (const role of ["user", "admin"] as const) {
      const { cookie } = await signedIn(role);
      for (const path of ["/rider/history", "/rider/earnings"]) {
        const res = await page(path, cookie);
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(res.html).toContain("Access Denied: Rider access required for this page");
      }
    }
    expect((await page("/rider/earnings")).html).not.toContain("Your Earnings");
  });
});
