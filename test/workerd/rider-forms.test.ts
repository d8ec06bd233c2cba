import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries, users } from "~/db/schema";
import { bookingBody } from "./delivery-fixtures";
import { ledgerOf, riderWithBalance } from "./ledger-fixtures";
import { api, db, ORIGIN, signedIn } from "./helpers";

/**
 * The rider pages' form actions (decision 0187): the same steps as the /api routes, posted
 * as plain forms (no JavaScript): Go Online, Accept, Confirm Pickup, Start Trip, Mark Delivered with
 * the handover code, Can't make it, and Cash Out (once per form).
 */

/** Posts `fields` as a browser form does to a page, without following the redirect. */
async function post(path: string, fields: Record<string, string | undefined> | string, cookie?: string) {
  const body =
    typeof fields === "string"
      ? fields
      : new URLSearchParams(
          Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ).toString();
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
    "Content-Type": "application/x-www-form-urlencoded",
  };
  if (cookie) headers.Cookie = cookie;
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

const statusOf = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)).get())!;
const onlineOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)).get())!.riderOnline;

async function booked() {
  const customer = await signedIn("user");
  const created = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() });
  expect(created.status).toBe(201);
  return { customer, id: created.json.id as string };
}

describe("the rider dashboard's forms", () => {
  it("Go Online / Go Offline: a redirect back with the new state; an invalid value is 400 and changes nothing", async () => {
    const rider = await signedIn("rider", { riderOnline: false });
    const on = await post("/rider-dashboard", { intent: "availability", online: "true" }, rider.cookie);
    expect(on.status).toBe(302);
    expect(on.location).toBe("/rider-dashboard");
    expect(await onlineOf(rider.user.id)).toBe(true);
    const off = await post("/rider-dashboard", { intent: "availability", online: "false" }, rider.cookie);
    expect(off.status).toBe(302);
    expect(await onlineOf(rider.user.id)).toBe(false);
    for (const bad of [{ intent: "availability", online: "maybe" }, { intent: "availability" }]) {
      const answer = await post("/rider-dashboard", bad, rider.cookie);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(await onlineOf(rider.user.id)).toBe(false);
    }
  });

  it("Accept, Confirm Pickup, Can't make it: the delivery moves; a refusal (offline rider, taken) renders its message", async () => {
    const rider = await signedIn("rider");
    const { id } = await booked();
    const accepted = await post("/rider-dashboard", { intent: "accept", deliveryId: id }, rider.cookie);
    expect(accepted.status).toBe(302);
    expect(await statusOf(id)).toMatchObject({ status: "assigned", riderId: rider.user.id });

    // Another rider is too late: 409 with the message on the page, nothing changed.
    const other = await signedIn("rider");
    const late = await post("/rider-dashboard", { intent: "accept", deliveryId: id }, other.cookie);
    expect(late.status).toBe(409);
    expect(await statusOf(id)).toMatchObject({ status: "assigned", riderId: rider.user.id });

    const released = await post("/rider-dashboard", { intent: "release", deliveryId: id }, rider.cookie);
    expect(released.status).toBe(302);
    expect(await statusOf(id)).toMatchObject({ status: "pending", riderId: null });

    const offline = await signedIn("rider", { riderOnline: false });
    const refused = await post("/rider-dashboard", { intent: "accept", deliveryId: id }, offline.cookie);
    expect(refused.status).toBe(409);
    expect(await statusOf(id)).toMatchObject({ status: "pending" });

    expect((await post("/rider-dashboard", { intent: "accept", deliveryId: id }, rider.cookie)).status).toBe(302);
    const picked = await post(
      "/rider-dashboard",
      { intent: "step", deliveryId: id, status: "picked_up" },
      rider.cookie,
    );
    expect(picked.status).toBe(302);
    expect((await statusOf(id)).status).toBe("picked_up");
  });

  it("answers who may not: anonymous to sign in, customers, admins and suspended riders 403, another rider's delivery refused; nothing stored", async () => {
    const rider = await signedIn("rider");
    const { id } = await booked();
    expect((await post("/rider-dashboard", { intent: "accept", deliveryId: id }, rider.cookie)).status).toBe(302);
    const callers: [string, string | undefined, number][] = [
      ["anonymous", undefined, 302],
      ["customer", (await signedIn("user")).cookie, 403],
      ["admin", (await signedIn("admin")).cookie, 403],
      [
        "suspended rider",
        (await signedIn("rider", { riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" })).cookie,
        403,
      ],
      ["other rider", (await signedIn("rider")).cookie, 404],
    ];
    for (const [who, cookie, expected] of callers) {
      for (const [path, fields] of [
        ["/rider-dashboard", { intent: "step", deliveryId: id, status: "picked_up" }],
        ["/rider-dashboard", { intent: "release", deliveryId: id }],
        [`/rider/jobs/${id}`, { intent: "step", status: "picked_up" }],
      ] as const) {
        const answer = await post(path, fields, cookie);
        expect(answer.status, `${who} ${path} ${fields.intent}`).toBe(expected);
        if (who === "anonymous") expect(answer.location).toBe("/");
      }
      expect(await statusOf(id), who).toMatchObject({ status: "assigned", riderId: rider.user.id });
    }
    const suspended = await signedIn("rider", {
      riderSuspendedAt: new Date(),
      riderSuspensionReason: "Late remittance",
    });
    const said = await post("/rider-dashboard", { intent: "availability", online: "true" }, suspended.cookie);
    expect(said.status).toBe(403);
    expect(said.html).toContain("Late remittance");
  }, 30_000);

  it("never answers 500 to a malformed post: unknown intent, no body, wrong types, a huge field", async () => {
    const rider = await signedIn("rider");
    const { id } = await booked();
    const bodies: (Record<string, string | undefined> | string)[] = [
      {},
      { intent: "launch" },
      { intent: "step", deliveryId: id, status: "teleported" },
      { intent: "step", deliveryId: id, status: "delivered", handoverCode: "12ab" },
      { intent: "step", deliveryId: "x".repeat(500), status: "picked_up" },
      { intent: "accept" },
      "%%%=&&intent",
      `intent=step&status=picked_up&status=delivered&deliveryId=${id}`,
    ];
    for (const body of bodies) {
      // (On the job screen the delivery is the page's: `{ intent: "accept" }` there is a whole form.)
      const paths =
        JSON.stringify(body) === '{"intent":"accept"}'
          ? ["/rider-dashboard", "/rider/earnings"]
          : ["/rider-dashboard", `/rider/jobs/${id}`, "/rider/earnings"];
      for (const path of paths) {
        const answer = await post(path, body, rider.cookie);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    expect((await statusOf(id)).status).toBe("pending");
  }, 30_000);
});

describe("the job screen's forms", () => {
  it("runs a delivery: accept, pickup, trip, a wrong code (422 with the tries left, on the code's field), then the right code", async () => {
    const rider = await signedIn("rider");
    const { id } = await booked();
    const job = `/rider/jobs/${id}`;
    for (const fields of [
      { intent: "accept" },
      { intent: "step", status: "picked_up" },
      { intent: "step", status: "in_transit" },
    ]) {
      const answer = await post(job, fields, rider.cookie);
      expect(answer.status, JSON.stringify(fields)).toBe(302);
      expect(answer.location).toBe(job);
    }
    const { handoverCode } = await statusOf(id);
    const wrong = handoverCode === "0000" ? "1111" : "0000";
    const refused = await post(job, { intent: "step", status: "delivered", handoverCode: wrong }, rider.cookie);
    expect(refused.status).toBe(422);
    expect(refused.html).toContain("Wrong handover code. 4 tries left before code entry is locked.");
    expect((await statusOf(id)).status).toBe("in_transit");
    const invalid = await post(job, { intent: "step", status: "delivered", handoverCode: "12" }, rider.cookie);
    expect(invalid.status).toBe(400);
    expect((await statusOf(id)).status).toBe("in_transit");
    const delivered = await post(
      job,
      { intent: "step", status: "delivered", handoverCode: handoverCode! },
      rider.cookie,
    );
    expect(delivered.status).toBe(302);
    expect((await statusOf(id)).status).toBe("delivered");
  });
});

describe("Cash Out from the earnings page", () => {
  const requests = (riderId: string) =>
    env.DB.prepare("SELECT method, status, amount FROM cashouts WHERE rider_id = ?1")
      .bind(riderId)
      .all<{ method: string; status: string; amount: number }>();

  it("an office request: redirect back, the request stored; invalid fields 400 and nothing stored", async () => {
    const { rider } = await riderWithBalance(300);
    for (const bad of [
      { amount: "", method: "office" },
      { amount: "-5", method: "office" },
      { amount: "10", method: "cheque" },
      { amount: "10", method: "gcash", account: "12" },
      { amount: "10", method: "gcash", account: "09171234567" },
    ]) {
      const answer = await post("/rider/earnings", { ...bad, idempotencyKey: crypto.randomUUID() }, rider.cookie);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const nameless = await post(
      "/rider/earnings",
      { amount: "10", method: "gcash", account: "09171234567", idempotencyKey: crypto.randomUUID() },
      rider.cookie,
    );
    expect(nameless.html).toContain("Enter the name registered on your GCash account, exactly as GCash shows it");
    const tooMuch = await post(
      "/rider/earnings",
      { amount: "301", method: "office", idempotencyKey: crypto.randomUUID() },
      rider.cookie,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.html).toContain("You can cash out at most ₱300.00.");
    expect((await requests(rider.user.id)).results).toEqual([]);
    const asked = await post(
      "/rider/earnings",
      { amount: "120", method: "office", idempotencyKey: crypto.randomUUID() },
      rider.cookie,
    );
    expect(asked.status).toBe(302);
    expect(asked.location).toBe("/rider/earnings");
    expect((await requests(rider.user.id)).results).toEqual([{ method: "office", status: "requested", amount: 12000 }]);
  });

  it("a GCash cash-out submitted twice with the same form's key pays once", async () => {
    const { rider } = await riderWithBalance(500);
    const form = {
      amount: "200",
      method: "gcash",
      account: "0917 123 4567",
      accountName: "Rico Dela Cruz",
      idempotencyKey: crypto.randomUUID(),
    };
    const [first, second] = [
      await post("/rider/earnings", form, rider.cookie),
      await post("/rider/earnings", form, rider.cookie),
    ];
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect((await requests(rider.user.id)).results).toEqual([{ method: "gcash", status: "paid", amount: 20000 }]);
    expect((await ledgerOf(rider)).balance).toBe(300);
    // Both at once: still one payout.
    const again = { ...form, idempotencyKey: crypto.randomUUID() };
    const both = await Promise.all([
      post("/rider/earnings", again, rider.cookie),
      post("/rider/earnings", again, rider.cookie),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([302]));
    expect((await requests(rider.user.id)).results).toHaveLength(2);
    expect((await ledgerOf(rider)).balance).toBe(100);
  });

  it("refuses who may not: anonymous to sign in, customers and admins 403, suspended riders 403; nothing stored", async () => {
    const fields = { amount: "10", method: "office", idempotencyKey: crypto.randomUUID() };
    expect((await post("/rider/earnings", fields)).location).toBe("/");
    for (const who of [
      await signedIn("user"),
      await signedIn("admin"),
      await signedIn("rider", { riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" }),
    ]) {
      expect((await post("/rider/earnings", fields, who.cookie)).status, who.user.role).toBe(403);
      expect((await requests(who.user.id)).results).toEqual([]);
    }
  });
});

describe("the tracking page's rider forms", () => {
  it("the assigned rider's steps and Can't make it post to /tracking/{id} and come back there; others change nothing", async () => {
    const rider = await signedIn("rider");
    const { customer, id } = await booked();
    expect((await post("/rider-dashboard", { intent: "accept", deliveryId: id }, rider.cookie)).status).toBe(302);

    // An anonymous visitor is sent to sign in ('Unauthorized'); the customer and another rider are refused. Nothing moves.
    const anonymous = await post(`/tracking/${id}`, { intent: "step", status: "picked_up" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/");
    const other = await signedIn("rider");
    for (const [who, cookie] of [
      ["customer", customer.cookie],
      ["other rider", other.cookie],
    ] as const) {
      const refused = await post(`/tracking/${id}`, { intent: "step", status: "picked_up" }, cookie);
      expect(refused.status, who).toBeGreaterThanOrEqual(400);
      expect(refused.status, who).toBeLessThan(500);
      expect(await statusOf(id), who).toMatchObject({ status: "assigned", riderId: rider.user.id });
    }
    const releasedByOther = await post(`/tracking/${id}`, { intent: "release" }, other.cookie);
    expect(releasedByOther.status).toBeGreaterThanOrEqual(400);
    expect(await statusOf(id)).toMatchObject({ status: "assigned", riderId: rider.user.id });

    const pickedUp = await post(`/tracking/${id}`, { intent: "step", status: "picked_up" }, rider.cookie);
    expect(pickedUp.status).toBe(302);
    expect(pickedUp.location).toBe(`/tracking/${id}`);
    expect(await statusOf(id)).toMatchObject({ status: "picked_up" });

    // A wrong handover code: 422 on the page, still on its way.
    expect((await post(`/tracking/${id}`, { intent: "step", status: "in_transit" }, rider.cookie)).status).toBe(302);
    const { handoverCode } = (await statusOf(id)) as { handoverCode: string };
    const wrongCode = `${(Number(handoverCode[0]) + 1) % 10}${handoverCode.slice(1)}`;
    const wrong = await post(
      `/tracking/${id}`,
      { intent: "step", status: "delivered", handoverCode: wrongCode },
      rider.cookie,
    );
    expect(wrong.status).toBe(422);
    expect(await statusOf(id)).toMatchObject({ status: "in_transit" });
    const delivered = await post(
      `/tracking/${id}`,
      { intent: "step", status: "delivered", handoverCode },
      rider.cookie,
    );
    expect(delivered.status).toBe(302);
    expect(await statusOf(id)).toMatchObject({ status: "delivered" });
  });

  it("Can't make it from the tracking page gives the delivery back", async () => {
    const rider = await signedIn("rider");
    const { id } = await booked();
    expect((await post("/rider-dashboard", { intent: "accept", deliveryId: id }, rider.cookie)).status).toBe(302);
    const released = await post(`/tracking/${id}`, { intent: "release" }, rider.cookie);
    expect(released.status).toBe(302);
    expect(released.location).toBe(`/tracking/${id}`);
    expect(await statusOf(id)).toMatchObject({ status: "pending", riderId: null });
  });
});
