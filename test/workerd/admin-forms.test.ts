import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN, api, settingsAsFields, signedIn } from "./helpers";
import { book } from "./ledger-fixtures";

/**
 * The admin pages' own actions (decision 0187): each form posts to its page, which calls what its
 * `/api` route calls with the same schema. Valid: a redirect back with a toast (303/302); invalid:
 * 400 and nothing stored; every caller but an admin refused; malformed posts never a 500; a money
 * form submitted twice with its render key books once.
 */
type Fields = Record<string, string | string[]>;

async function post(path: string, fields: Fields | string, cookie?: string) {
  const headers: Record<string, string> = { Origin: ORIGIN, Host: new URL(ORIGIN).host };
  if (cookie) headers.Cookie = cookie;
  let body: BodyInit;
  if (typeof fields === "string") {
    body = fields;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const each of ([] as string[]).concat(value)) form.append(name, each);
    body = form;
  }
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    text: await response.text(),
    headers: response.headers,
  };
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;
const entries = (riderId: string, kind: string) =>
  count("SELECT count(*) AS n FROM ledger_entries WHERE rider_id = ?1 AND kind = ?2", riderId, kind);
const approvedRider = () => signedIn("rider", { riderApprovedAt: new Date() });

async function officeCashout() {
  const admin = await signedIn("admin");
  const rider = await approvedRider();
  expect(
    (
      await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
        cookie: admin.cookie,
        body: { amount: 200, note: "Opening balance" },
      })
    ).status,
  ).toBe(201);
  const requested = await api("/api/rider/cashouts", { cookie: rider.cookie, body: { amount: 120, method: "office" } });
  expect(requested.status, requested.text).toBe(201);
  return { admin, rider, cashoutId: requested.json.cashout.id as string };
}

const KEY = "0b9f3c1e-4d55-4b8e-9f0a-6f1d2c3b4a59";

describe("/admin/cashouts' action", () => {
  it("marks an office cash-out paid (redirect with a toast) and books its cash-out entry once, even submitted twice", async () => {
    const { admin, rider, cashoutId } = await officeCashout();
    const fields = { intent: "settle", cashoutId, status: "paid", reference: "", idempotencyKey: KEY };
    const first = await post("/admin/cashouts", fields, admin.cookie);
    expect([302, 303]).toContain(first.status);
    expect(first.location).toBe("/admin/cashouts");
    expect(first.headers.get("Set-Cookie")).toBeTruthy();
    const again = await post("/admin/cashouts", fields, admin.cookie);
    expect([302, 303]).toContain(again.status);
    expect(await entries(rider.user.id, "cashout")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM cashouts WHERE id = ?1 AND status = 'paid'", cashoutId)).toBe(1);
  });

  it("a remittance or an adjustment submitted twice with one render key books once; a new key books again", async () => {
    const admin = await signedIn("admin");
    const rider = await approvedRider();
    const adjust = (key: string) =>
      post(
        "/admin/cashouts",
        { intent: "adjustment", riderId: rider.user.id, amount: "12.50", note: "Fuel refund", idempotencyKey: key },
        admin.cookie,
      );
    const answers = await Promise.all([adjust(KEY), adjust(KEY)]);
    for (const answer of answers) expect([302, 303]).toContain(answer.status);
    expect(await entries(rider.user.id, "adjustment")).toBe(1);
    expect([302, 303]).toContain((await adjust("5d7e0a9c-1111-4c2b-8e3f-2a9b8c7d6e5f")).status);
    expect(await entries(rider.user.id, "adjustment")).toBe(2);
  });

  it("refuses invalid values with 400, its message on the field, and stores nothing; a refusal frees the key", async () => {
    const admin = await signedIn("admin");
    const rider = await approvedRider();
    const bad = await post(
      "/admin/cashouts",
      { intent: "adjustment", riderId: rider.user.id, amount: "abc", note: "", idempotencyKey: KEY },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter the amount as a number of pesos");
    expect(await entries(rider.user.id, "adjustment")).toBe(0);
    // A remittance beyond what the rider owes: the domain's refusal (409), shown on the form.
    const refused = await post(
      "/admin/cashouts",
      { intent: "remittance", riderId: rider.user.id, amount: "50", idempotencyKey: KEY },
      admin.cookie,
    );
    expect(refused.status).toBe(409);
    expect(await entries(rider.user.id, "remittance")).toBe(0);
    // The same key, corrected: goes through.
    const fixed = await post(
      "/admin/cashouts",
      { intent: "adjustment", riderId: rider.user.id, amount: "3", note: "Fix", idempotencyKey: KEY },
      admin.cookie,
    );
    expect([302, 303]).toContain(fixed.status);
    expect(await entries(rider.user.id, "adjustment")).toBe(1);
  });

  it("answers anonymous 401, a customer and a rider 403, an admin a redirect", async () => {
    const { admin, rider, cashoutId } = await officeCashout();
    const fields = { intent: "settle", cashoutId, status: "rejected", idempotencyKey: KEY };
    expect((await post("/admin/cashouts", fields)).status).toBe(401);
    expect((await post("/admin/cashouts", fields, (await signedIn("user")).cookie)).status).toBe(403);
    expect((await post("/admin/cashouts", fields, rider.cookie)).status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM cashouts WHERE id = ?1 AND status = 'requested'", cashoutId)).toBe(1);
    expect([302, 303]).toContain((await post("/admin/cashouts", fields, admin.cookie)).status);
    expect(await count("SELECT count(*) AS n FROM cashouts WHERE id = ?1 AND status = 'rejected'", cashoutId)).toBe(1);
  });

  it("never answers a 500 to a malformed post", async () => {
    const admin = await signedIn("admin");
    const posts: (Fields | string)[] = [
      {},
      { intent: "nonsense" },
      { intent: "settle" },
      { intent: "settle", cashoutId: "x".repeat(500), status: "paid", idempotencyKey: KEY },
      { intent: "settle", cashoutId: "nope", status: "maybe", idempotencyKey: KEY },
      { intent: "settle", cashoutId: "nope", status: "paid" },
      { intent: "settle", cashoutId: "nope", status: "paid", idempotencyKey: "../../" },
      { intent: "remittance", riderId: "nobody", amount: "1e400", idempotencyKey: KEY },
      { intent: "waive", feeId: "nope", reason: "x" },
      { intent: "retryRefund", paymentId: "nope", idempotencyKey: KEY },
      { intent: ["settle", "waive"], cashoutId: ["a", "b"] },
      "%%%===&&&",
    ];
    for (const fields of posts) {
      const answer = await post("/admin/cashouts", fields, admin.cookie);
      expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields)).toBeLessThan(500);
    }
  });
});

describe("/admin/riders' action", () => {
  it("suspends with a reason and reactivates; a missing reason is refused and changes nothing", async () => {
    const admin = await signedIn("admin");
    const rider = await approvedRider();
    const suspendedAt = async () =>
      (await env.DB.prepare("SELECT rider_suspended_at AS at FROM users WHERE id = ?1")
        .bind(rider.user.id)
        .first<{ at: number | null }>())!.at;
    const empty = await post(
      "/admin/riders",
      { intent: "suspend", riderId: rider.user.id, reason: "  " },
      admin.cookie,
    );
    expect(empty.status).toBe(400);
    expect(await suspendedAt()).toBeNull();
    const suspended = await post(
      "/admin/riders",
      { intent: "suspend", riderId: rider.user.id, reason: "Helmet not worn" },
      admin.cookie,
    );
    expect([302, 303]).toContain(suspended.status);
    expect(suspended.location).toBe("/admin/riders?tab=riders");
    expect(await suspendedAt()).not.toBeNull();
    expect(
      (await post("/admin/riders", { intent: "suspend", riderId: rider.user.id, reason: "Again" }, admin.cookie))
        .status,
    ).toBe(409);
    const reactivated = await post("/admin/riders", { intent: "reactivate", riderId: rider.user.id }, admin.cookie);
    expect([302, 303]).toContain(reactivated.status);
    expect(await suspendedAt()).toBeNull();
  });

  it("answers anonymous 401, a customer and a rider 403; malformed posts never a 500", async () => {
    const rider = await approvedRider();
    const fields = { intent: "suspend", riderId: rider.user.id, reason: "No" };
    expect((await post("/admin/riders", fields)).status).toBe(401);
    expect((await post("/admin/riders", fields, (await signedIn("user")).cookie)).status).toBe(403);
    expect((await post("/admin/riders", fields, rider.cookie)).status).toBe(403);
    const admin = await signedIn("admin");
    for (const bad of [
      {},
      { intent: "x" },
      { intent: "decide", applicationId: "nope", decision: "maybe" },
      { intent: "membership", riderId: "nobody" },
      { intent: "retryMessage" },
      "=&=",
    ]) {
      const answer = await post("/admin/riders", bad as Fields, admin.cookie);
      expect(answer.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(bad)).toBeLessThan(500);
    }
  });
});

describe("/admin/settings' action", () => {
  const current = async () => (await api("/api/admin/settings", { cookie: (await signedIn("admin")).cookie })).json;

  const asFields = ({ settings, version }: { settings: Record<string, any>; version: number }, change: Fields = {}) =>
    settingsAsFields(settings, version, change);

  it("Save answers the changes to confirm; Confirm stores a new version; a price moved by more than half asks again", async () => {
    const admin = await signedIn("admin");
    const before = await current();
    const baseFare = before.settings.rateCard.baseFare as number;
    const fields = asFields(before, { "rateCard.baseFare": String(baseFare + 1) });
    const review = await post("/admin/settings", { ...fields, intent: "review" }, admin.cookie);
    expect(review.status).toBe(200);
    expect(review.text).toContain("Check your changes");
    expect((await current()).version).toBe(before.version);
    const saved = await post("/admin/settings", { ...fields, intent: "confirm" }, admin.cookie);
    expect([302, 303]).toContain(saved.status);
    const after = await current();
    expect(after.version).toBe(before.version + 1);
    expect(after.settings.rateCard.baseFare).toBe(baseFare + 1);
    // Promo checkboxes and peak windows read as the form sends them (unticked = off).
    expect(after.settings.promoCodes).toEqual(before.settings.promoCodes);
    expect(after.settings.peakHours).toEqual(before.settings.peakHours);

    const large = asFields(after, { "rateCard.baseFare": String((baseFare + 1) * 3) });
    const asked = await post("/admin/settings", { ...large, intent: "confirm" }, admin.cookie);
    expect(asked.status).toBe(200);
    expect((await current()).version).toBe(after.version);
    expect([302, 303]).toContain((await post("/admin/settings", { ...large, intent: "large" }, admin.cookie)).status);
    expect((await current()).settings.rateCard.baseFare).toBe((baseFare + 1) * 3);
  });

  it("refuses a negative fare with its field's message (400) and stores nothing", async () => {
    const admin = await signedIn("admin");
    const before = await current();
    const answer = await post(
      "/admin/settings",
      { ...asFields(before, { "rateCard.baseFare": "-5" }), intent: "confirm" },
      admin.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("cannot be negative");
    expect((await current()).version).toBe(before.version);
  });

  it("answers anonymous 401, a customer and a rider 403; malformed posts never a 500", async () => {
    const before = await current();
    const fields = { ...asFields(before), intent: "confirm" };
    expect((await post("/admin/settings", fields)).status).toBe(401);
    expect((await post("/admin/settings", fields, (await signedIn("user")).cookie)).status).toBe(403);
    expect((await post("/admin/settings", fields, (await signedIn("rider")).cookie)).status).toBe(403);
    const admin = await signedIn("admin");
    for (const bad of [
      {},
      { intent: "confirm" },
      { "promoCodes[0].active": "maybe", intent: "confirm" },
      { "peakHours.windows[0].days": ["x", "9"] },
      "a[=b&&c]]=d",
    ]) {
      const answer = await post("/admin/settings", bad as Fields, admin.cookie);
      expect(answer.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(bad)).toBeLessThan(500);
    }
    expect((await current()).version).toBe(before.version);
  });
});

describe("/admin's action (the live list's controls)", () => {
  it("cancels a delivery once even submitted twice; a missing reason is refused; assign refuses a rider who cannot take it", async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const delivery = await book(customer, "cash");
    const status = async () =>
      (await env.DB.prepare("SELECT status FROM deliveries WHERE id = ?1")
        .bind(delivery.id)
        .first<{ status: string }>())!.status;
    const noReason = await post(
      "/admin",
      { intent: "cancel", deliveryId: delivery.id, reason: "", idempotencyKey: KEY },
      admin.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(await status()).toBe("pending");
    const notARider = await post(
      "/admin",
      { intent: "assign", deliveryId: delivery.id, riderId: customer.user.id },
      admin.cookie,
    );
    expect(notARider.status).toBe(409);
    expect(await status()).toBe("pending");
    for (const who of [undefined, customer.cookie, (await approvedRider()).cookie]) {
      expect([401, 403]).toContain(
        (await post("/admin", { intent: "cancel", deliveryId: delivery.id, reason: "x", idempotencyKey: KEY }, who))
          .status,
      );
    }
    const fields = { intent: "cancel", deliveryId: delivery.id, reason: "Customer called", idempotencyKey: KEY };
    const answers = [
      await post("/admin?filter=pending", fields, admin.cookie),
      await post("/admin?filter=pending", fields, admin.cookie),
    ];
    for (const answer of answers) expect([302, 303]).toContain(answer.status);
    expect(answers[0]!.location).toBe("/admin?filter=pending");
    expect(await status()).toBe("cancelled");
    for (const bad of [
      {},
      { intent: "assign" },
      { intent: "cancel", deliveryId: "nope", reason: "x", fee: "-3", idempotencyKey: KEY },
      "&&=",
    ]) {
      const answer = await post("/admin", bad as Fields, admin.cookie);
      expect(answer.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(bad)).toBeLessThan(500);
    }
  });
});
