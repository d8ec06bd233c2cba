import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliveries } from "~/db/schema";
import { bookingBody } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";

const stored = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
const setStatus = (id: string, body: Record<string, unknown>, cookie?: string) =>
  api(`/api/deliveries/${id}/status`, { cookie, body });

/** A customer books, a rider accepts and picks up; the other callers of the permission matrix around it. */
async function pickedUp() {
  const [customer, otherCustomer, rider, otherRider, admin] = await Promise.all([
    signedIn("user"),
    signedIn("user"),
    signedIn("rider", { firstName: "Rodel", vehicle: "motorcycle" }),
    signedIn("rider"),
    signedIn("admin"),
  ]);
  const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() });
  expect(booked.status).toBe(201);
  const id = booked.json.id as string;
  expect((await api(`/api/deliveries/${id}/accept`, { cookie: rider.cookie, body: {} })).status).toBe(200);
  expect((await setStatus(id, { status: "picked_up" }, rider.cookie)).status).toBe(200);
  return { id, customer, otherCustomer, rider, otherRider, admin };
}

describe("the handover code", () => {
  it("is generated at booking and shown to the customer only, never to the rider, other customers or in other answers", async () => {
    const { id, customer, otherCustomer, rider, otherRider, admin } = await pickedUp();
    const code = (await stored(id)).handoverCode!;
    expect(code).toMatch(/^\d{4}$/);
    const mine = await api(`/api/deliveries/${id}`, { cookie: customer.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.handoverCode).toBe(code);
    expect(mine.json.handover).toBeNull();
    for (const caller of [rider, admin]) {
      const res = await api(`/api/deliveries/${id}`, { cookie: caller.cookie });
      expect(res.status).toBe(200);
      expect(res.json).not.toHaveProperty("handoverCode");
    }
    for (const caller of [otherCustomer, otherRider])
      expect((await api(`/api/deliveries/${id}`, { cookie: caller.cookie })).status).toBe(404);
    const riderList = await api("/api/deliveries/rider", { cookie: rider.cookie });
    expect(JSON.stringify(riderList.json)).not.toContain(`"handoverCode"`);
  });

  it("the right code records handover 'code'; GET shows handover once delivered", async () => {
    const { id, customer, rider } = await pickedUp();
    const code = (await stored(id)).handoverCode!;
    const res = await setStatus(id, { status: "delivered", handoverCode: code }, rider.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "delivered", handover: "code", handoverNote: null });
    expect(res.json).not.toHaveProperty("handoverCode");
    expect((await stored(id)).handover).toBe("code");
    expect((await api(`/api/deliveries/${id}`, { cookie: customer.cookie })).json).toMatchObject({ handover: "code" });
  });

  it("a wrong code answers 422 with the tries left and changes nothing; the fifth in 10 minutes locks code entry", async () => {
    const { id, rider, admin } = await pickedUp();
    const code = (await stored(id)).handoverCode!;
    const wrong = code === "0000" ? "1111" : "0000";
    for (const left of [4, 3, 2, 1]) {
      const res = await setStatus(id, { status: "delivered", handoverCode: wrong }, rider.cookie);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "server.deliveries.handover.wrongCode", values: { triesLeft: left } });
      expect(res.json.message).toContain(`${left} ${left === 1 ? "try" : "tries"} left`);
      expect((await stored(id)).status).toBe("picked_up");
    }
    const fifth = await setStatus(id, { status: "delivered", handoverCode: wrong }, rider.cookie);
    expect(fifth.status).toBe(422);
    expect(fifth.json).toMatchObject({
      code: "server.deliveries.handover.locked",
      values: { triesLeft: 0 },
      error: expect.stringContaining("locked"),
    });
    // Even the right code is refused now.
    const right = await setStatus(id, { status: "delivered", handoverCode: code }, rider.cookie);
    expect(right.status).toBe(422);
    expect((await stored(id)).status).toBe("picked_up");
    // Locked: "no code" needs a note.
    const bare = await setStatus(id, { status: "delivered" }, rider.cookie);
    expect(bare.status).toBe(422);
    expect(bare.json.message).toContain("note");
    const withNote = await setStatus(
      id,
      { status: "delivered", handoverNote: "Recipient's phone was dead; guard signed" },
      rider.cookie,
    );
    expect(withNote.status).toBe(200);
    expect(withNote.json).toMatchObject({ handover: "none", handoverNote: "Recipient's phone was dead; guard signed" });

    const dashboard = await api("/admin", { cookie: admin.cookie });
    expect(dashboard.text).toContain("Handed over without a code");
    expect(dashboard.text).toContain("Recipient&#x27;s phone was dead; guard signed");
  });

  it("wrong codes older than 10 minutes start a new window", async () => {
    const { id, rider } = await pickedUp();
    const code = (await stored(id)).handoverCode!;
    const wrong = code === "0000" ? "1111" : "0000";
    await env.DB.prepare("UPDATE deliveries SET handover_wrong_tries = 4, handover_wrong_since = ?2 WHERE id = ?1")
      .bind(id, Date.now() - 11 * 60_000)
      .run();
    const res = await setStatus(id, { status: "delivered", handoverCode: wrong }, rider.cookie);
    expect(res.status).toBe(422);
    expect(res.json.values.triesLeft).toBe(4);
  });

  it("'no code' with a note records handover 'none'; bodies are checked", async () => {
    const { id, rider } = await pickedUp();
    for (const [body, field] of [
      [{ status: "delivered", handoverCode: "12a4" }, "handoverCode"],
      [{ status: "delivered", handoverCode: 1234 }, "handoverCode"],
      [{ status: "delivered", handoverNote: "  " }, "handoverNote"],
      [{ status: "delivered", handoverNote: "x".repeat(201) }, "handoverNote"],
      [{ status: "delivered", handoverNote: "bad\u202Enote" }, "handoverNote"],
      [{ status: "delivered", handoverCode: "1234", handoverNote: "both" }, "handoverNote"],
      [{ status: "in_transit", handoverCode: "1234" }, "handoverCode"],
    ] as const) {
      const res = await setStatus(id, body, rider.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await stored(id)).status).toBe("picked_up");
    const res = await setStatus(
      id,
      { status: "delivered", handoverNote: "No code: left with the guard" },
      rider.cookie,
    );
    expect(res.status).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({ status: "delivered", handover: "none", handoverNote: "No code: left with the guard" });
  });
});

describe("who is coming: the rider block", () => {
  it("appears while active, with the phone only for the customer and admins, and not after delivery", async () => {
    const { id, customer, otherCustomer, rider, otherRider, admin } = await pickedUp();
    const mine = await api(`/api/deliveries/${id}`, { cookie: customer.cookie });
    expect(mine.json.rider).toEqual({
      id: rider.user.id,
      firstName: "Rodel",
      lastName: rider.user.lastName,
      vehicle: "motorcycle",
      rating: null,
      phone: rider.user.phoneNumber,
    });
    expect((await api(`/api/deliveries/${id}`, { cookie: admin.cookie })).json.rider.phone).toBe(
      rider.user.phoneNumber,
    );
    const own = await api(`/api/deliveries/${id}`, { cookie: rider.cookie });
    expect(own.json.rider).toMatchObject({ firstName: "Rodel", vehicle: "motorcycle" });
    expect(own.json.rider).not.toHaveProperty("phone");
    for (const caller of [otherCustomer, otherRider])
      expect((await api(`/api/deliveries/${id}`, { cookie: caller.cookie })).status).toBe(404);
    expect((await api(`/api/deliveries/${id}`)).status).toBe(401);

    const page = await api(`/tracking/${id}`, { cookie: customer.cookie });
    expect(page.text).toContain(`tel:${rider.user.phoneNumber}`);

    expect(
      (await setStatus(id, { status: "delivered", handoverCode: (await stored(id)).handoverCode }, rider.cookie))
        .status,
    ).toBe(200);
    const after = await api(`/api/deliveries/${id}`, { cookie: customer.cookie });
    expect(after.json.rider).toEqual({ id: rider.user.id, firstName: "Rodel", lastName: rider.user.lastName });
    // Neither sees the other's number any more: the rider's copy has no contact numbers.
    const riderAfter = await api(`/api/deliveries/${id}`, { cookie: rider.cookie });
    expect(riderAfter.json).toMatchObject({ pickupPhone: "", dropoffPhone: "" });
    expect((await api(`/api/deliveries/${id}`, { cookie: admin.cookie })).json.pickupPhone).not.toBe("");
    expect((await api(`/tracking/${id}`, { cookie: customer.cookie })).text).not.toContain(
      `tel:${rider.user.phoneNumber}`,
    );
  });

  it("carries the rider's mean rating over rated deliveries", async () => {
    const { id, customer, rider } = await pickedUp();
    const earlier = await pickedUp();
    await env.DB.prepare("UPDATE deliveries SET status = 'delivered', delivered_at = ?2, rider_id = ?3 WHERE id = ?1")
      .bind(earlier.id, Date.now(), rider.user.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO delivery_ratings (delivery_id, customer_id, rider_id, stars, rated_at) VALUES (?1, ?2, ?3, 4, ?4)",
    )
      .bind(earlier.id, earlier.customer.user.id, rider.user.id, Date.now())
      .run();
    expect((await api(`/api/deliveries/${id}`, { cookie: customer.cookie })).json.rider.rating).toBe(4);
  });
});
