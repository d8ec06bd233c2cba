import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { MEMBERSHIP_FEE, membershipOf } from "~/riders/membership";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";

const en = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("en", id, values);

const approvedRider = (overrides = {}) =>
  signedIn("rider", { riderApprovedAt: new Date(), riderOnline: true, ...overrides });

/** `count` delivered deliveries for the rider, the first `rated` of them rated `stars`. */
async function history(riderId: string, count: number, stars: number | null, rated = 1) {
  const customer = await signedIn("user");
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", riderId) })).id);
  if (stars !== null) {
    await env.DB.batch(
      ids
        .slice(0, rated)
        .map((id) =>
          env.DB.prepare(
            "INSERT INTO delivery_ratings (delivery_id, customer_id, rider_id, stars, comment, rated_at) VALUES (?1, ?2, ?3, ?4, NULL, ?5)",
          ).bind(id, customer.user.id, riderId, stars, Date.now()),
        ),
    );
  }
}

describe("membership rule", () => {
  it("is eligible from 100 delivered with a rating of 4.5 or more, and a member once the fee is recorded", () => {
    expect(membershipOf({ memberSince: null }, 99, 5).status).toBe("rider");
    expect(membershipOf({ memberSince: null }, 100, 4.5).status).toBe("eligible");
    expect(membershipOf({ memberSince: null }, 100, 4.4).status).toBe("rider");
    expect(membershipOf({ memberSince: null }, 250, null).status).toBe("rider");
    expect(membershipOf({ memberSince: new Date(0) }, 3, null)).toEqual({
      status: "member",
      delivered: 3,
      needed: 100,
      memberSince: new Date(0).toISOString(),
    });
  });
});

describe("membership in the rider's stats", () => {
  it("answers the rider's progress", async () => {
    const rider = await approvedRider();
    await history(rider.user.id, 2, 5);
    const response = await api("/api/earnings/rider/stats", { cookie: rider.cookie });
    expect(response.status).toBe(200);
    expect(response.json.membership).toEqual({ status: "rider", delivered: 2, needed: 100, memberSince: null });
  });
});

describe("POST /api/admin/riders/{id}/membership", () => {
  it("has the permission matrix and refuses a rider who is not eligible, changing nothing", async () => {
    const rider = await approvedRider();
    const customer = await signedIn("user");
    const otherRider = await approvedRider();
    const admin = await signedIn("admin");
    const path = `/api/admin/riders/${rider.user.id}/membership`;
    expect((await api(path, { method: "POST" })).status).toBe(401);
    expect((await api(path, { method: "POST", cookie: customer.cookie })).status).toBe(403);
    expect((await api(path, { method: "POST", cookie: otherRider.cookie })).status).toBe(403);
    expect((await api(path, { method: "POST", cookie: rider.cookie })).status).toBe(403);
    expect(
      (await api(`/api/admin/riders/${customer.user.id}/membership`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(404);
    expect((await api("/api/admin/riders/nobody/membership", { method: "POST", cookie: admin.cookie })).status).toBe(
      404,
    );
    const refused = await api(path, { method: "POST", cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(en("server.riders.notEligible", { deliveries: 100, rating: 4.5 }));
    const row = await env.DB.prepare("SELECT member_since, membership_fee FROM users WHERE id = ?1")
      .bind(rider.user.id)
      .first();
    expect(row).toEqual({ member_since: null, membership_fee: null });
  });

  it("records the ₱500 fee of an eligible rider once: a member-owner from then on", async () => {
    const rider = await approvedRider();
    await history(rider.user.id, 100, 5, 3);
    const admin = await signedIn("admin");
    const before = await api("/api/admin/riders", { cookie: admin.cookie });
    expect(before.json.riders.find((r: { id: string }) => r.id === rider.user.id).membership.status).toBe("eligible");

    const path = `/api/admin/riders/${rider.user.id}/membership`;
    const recorded = await api(path, { method: "POST", cookie: admin.cookie });
    expect(recorded.status).toBe(200);
    expect(recorded.json.membership).toMatchObject({ status: "member", delivered: 100, needed: 100 });
    const row = await env.DB.prepare("SELECT membership_fee, membership_recorded_by FROM users WHERE id = ?1")
      .bind(rider.user.id)
      .first();
    expect(row).toEqual({ membership_fee: MEMBERSHIP_FEE, membership_recorded_by: admin.user.id });

    const again = await api(path, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(en("server.riders.alreadyMember"));
    const stats = await api("/api/earnings/rider/stats", { cookie: rider.cookie });
    expect(stats.json.membership.status).toBe("member");
  });

  it("does not count a rating under 4.5", async () => {
    const rider = await approvedRider();
    await history(rider.user.id, 100, 4, 2);
    const admin = await signedIn("admin");
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/membership`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(409);
  });
});
