import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { adminStats } from "~/admin/stats.server";
import { riderFigures } from "~/earnings/rider-figures.server";
import { quote } from "~/pricing/rate-card";
import { NO_CONTACTS } from "~/settings/coop-settings";
import { settingsInForce } from "~/settings/settings.server";
import { DEMO_CONTACTS } from "./demo-coop.server";
import { loadDemoData } from "./demo-data.server";

describe("demo data", () => {
  it("gives both demo riders believable, computed figures: ratings, a release, cancellations by a customer and an admin", async () => {
    const now = Date.UTC(2026, 10, 22, 4, 0);
    await loadDemoData(getDb(env.DB), now);
    const rico = await riderFigures(env.DB, "demo-user-rico", now);
    const rosa = await riderFigures(env.DB, "demo-user-rosa", now);
    // Rico: accepted 8 (one released), delivered 5 of which 1 late, a customer cancelled one he held; rated 5, 4, 3, 5.
    expect(rico).toEqual({ rating: 4.3, ratingCount: 4, acceptanceRate: 88, completionRate: 100, onTimeRate: 80 });
    // Rosa: delivered 3, an admin cancelled one she held; rated 5, 5, 4.
    expect(rosa).toEqual({ rating: 4.7, ratingCount: 3, acceptanceRate: 100, completionRate: 75, onTimeRate: 100 });
    const stats = await adminStats(env.DB, now);
    expect(stats.metrics.satisfaction).not.toBeNull();
    expect(stats.metrics.averageDeliveryMinutes).not.toBeNull();
    expect(stats.onlineRiders.map((r) => r.id).sort()).toEqual(["demo-user-rico", "demo-user-rosa"]);
  });

  it("loads once: a second load changes nothing", async () => {
    const db = getDb(env.DB);
    const snapshot = async () =>
      (await env.DB.prepare("SELECT * FROM deliveries WHERE id LIKE '00000000-0000-4000-8000-0000de11%' ORDER BY id").all()).results;
    const totals = async () => (await env.DB.prepare("SELECT * FROM daily_totals ORDER BY day").all()).results;
    const history = async () => [
      (await env.DB.prepare("SELECT delivery_id, kind, actor_id, rider_id, at FROM delivery_events ORDER BY id").all()).results,
      (await env.DB.prepare("SELECT * FROM delivery_ratings ORDER BY delivery_id").all()).results,
      (await env.DB.prepare("SELECT * FROM coop_settings_versions ORDER BY id").all()).results,
    ];
    await loadDemoData(db, Date.UTC(2026, 10, 20, 2, 0));
    const first = await snapshot();
    const firstTotals = await totals();
    const firstHistory = await history();
    expect(firstTotals.length).toBeGreaterThan(0);
    await loadDemoData(db, Date.UTC(2026, 10, 21, 2, 0));
    expect(await snapshot()).toEqual(first);
    expect(await totals()).toEqual(firstTotals);
    expect(await history()).toEqual(firstHistory);
    const counts = await env.DB.prepare("SELECT role, count(*) AS n FROM users WHERE id LIKE 'demo-%' GROUP BY role ORDER BY role").all();
    expect(counts.results).toEqual([
      { role: "admin", n: 1 },
      { role: "rider", n: 5 },
      { role: "user", n: 2 },
    ]);
  });

  // Two loads and a page: over 5 s on the shared 2-core machine under load.
  it("sets the co-op's contacts, which /help shows; once an admin changes them, loading again keeps the admin's", { timeout: 20_000 }, async () => {
    await loadDemoData(getDb(env.DB));
    expect((await settingsInForce(env.DB)).settings.contacts).toEqual(DEMO_CONTACTS);
    const help = await (await SELF.fetch("http://localhost/help")).text();
    expect(help).toContain('data-testid="help-contacts"');
    expect(help).toContain('href="tel:09170000100"');
    expect(help).toContain('href="https://m.me/hatid.coop"');
    expect(help).toContain('href="mailto:help@hatid.coop"');

    // Ana empties them (a new version, as a save makes it).
    const { settings } = await settingsInForce(env.DB);
    await env.DB.prepare("INSERT INTO coop_settings_versions (settings, created_at, created_by) VALUES (?1, ?2, 'demo-user-ana')")
      .bind(JSON.stringify({ ...settings, contacts: NO_CONTACTS }), Date.now())
      .run();
    await loadDemoData(getDb(env.DB));
    expect((await settingsInForce(env.DB)).settings.contacts).toEqual(NO_CONTACTS);
  });

  it("has approved riders (one suspended) and two applications waiting for review", async () => {
    await loadDemoData(getDb(env.DB));
    const riders = await env.DB.prepare(
      "SELECT id, rider_approved_at IS NOT NULL AS approved, rider_suspension_reason AS reason FROM users WHERE id LIKE 'demo-%' AND role = 'rider' ORDER BY id",
    ).all();
    expect(riders.results).toEqual([
      { id: "demo-user-mila", approved: 1, reason: null },
      { id: "demo-user-nonoy", approved: 1, reason: null },
      { id: "demo-user-rico", approved: 1, reason: null },
      { id: "demo-user-rosa", approved: 1, reason: null },
      { id: "demo-user-sol", approved: 1, reason: "Expired driver's license: bring the renewed one to the office" },
    ]);
    const waiting = await env.DB.prepare("SELECT count(*) AS n FROM rider_applications WHERE id LIKE 'demo-%' AND status = 'submitted'").first<{ n: number }>();
    expect(waiting!.n).toBe(2);
  });

  it("has member-owners, a proposal of each kind open, a passed one and one without quorum, a fund with movements and a claim waiting (issue 30)", async () => {
    await loadDemoData(getDb(env.DB));
    const members = await env.DB.prepare("SELECT id FROM users WHERE id LIKE 'demo-%' AND member_since IS NOT NULL ORDER BY id").all<{ id: string }>();
    expect(members.results.map((row) => row.id)).toEqual(["demo-user-mila", "demo-user-nonoy", "demo-user-rico"]);
    const proposals = await env.DB.prepare("SELECT kind, result, closed_at IS NULL AS open FROM proposals WHERE id LIKE 'demo-%' ORDER BY id").all<{ kind: string; result: string | null; open: number }>();
    expect(new Set(proposals.results.filter((p) => p.open).map((p) => p.kind))).toEqual(new Set(["settings", "payout", "surplus_return", "resolution"]));
    expect(proposals.results.filter((p) => !p.open).map((p) => p.result).sort()).toEqual(["inquorate", "passed"]);
    const fund = await env.DB.prepare("SELECT count(*) AS n, sum(member_benefits_share + insurance) AS total FROM daily_totals").first<{ n: number; total: number }>();
    expect(fund!.n).toBeGreaterThan(0);
    expect(fund!.total).toBeGreaterThan(0);
    const claims = await env.DB.prepare("SELECT status FROM fund_claims WHERE id LIKE 'demo-%'").all<{ status: string }>();
    expect(claims.results).toEqual([{ status: "pending" }]);
  });

  it("prices every demo delivery by the rate card, and no rider holds more than one active delivery", async () => {
    await loadDemoData(getDb(env.DB));
    const { results } = await env.DB.prepare(
      "SELECT rider_id, status, distance, package_size, base_fare, distance_fee, size_fee, total_fee FROM deliveries WHERE id LIKE '00000000-0000-4000-8000-0000de11%'",
    ).all<{ rider_id: string | null; status: string; distance: string; package_size: "small" | "medium" | "large"; base_fare: number; distance_fee: number; size_fee: number; total_fee: number }>();
    for (const row of results) {
      const expected = quote(Number(row.distance), row.package_size);
      expect([row.base_fare, row.distance_fee, row.size_fee, row.total_fee]).toEqual([expected.baseFare, expected.distanceFee, expected.sizeFee, expected.total]);
    }
    const active = results.filter((r) => ["assigned", "picked_up", "in_transit"].includes(r.status));
    const riders = active.map((r) => r.rider_id);
    expect(new Set(riders).size).toBe(riders.length);
  });
});
