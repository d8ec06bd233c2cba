import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { cityCentre } from "~/places/cities.server";
import { payments } from "~/db/schema";
import { bookingBody } from "./delivery-fixtures";
import { paidEventBody, postWebhook } from "./ledger-fixtures";
import { api, db, signedIn, uploadIdPhoto } from "./helpers";

/** Riders are told once; one waiting ID application (docs/guide/what-is-true.md). */

const makati = cityCentre("Makati, Metro Manila")!;
// Riders of this file wait 0.03° north of Makati's centre (about 3.3 km): within 5 km of its pickups.
const nearbyRider = () =>
  signedIn("rider", {
    riderApprovedAt: new Date(),
    lastLatitude: makati.latitude + 0.03,
    lastLongitude: makati.longitude,
  });

async function bell(cookie: string, lang?: string) {
  const answer = await api("/api/notifications", { cookie: lang ? `${cookie}; lang=${lang}` : cookie });
  expect(answer.status).toBe(200);
  return (
    answer.json as { notifications: { kind: string; title: string; body: string; readAt: string | null }[] }
  ).notifications.filter((n) => n.kind === "delivery_nearby");
}

const paidWebhook = (paymentId: string, checkoutId: string, amount: number | null) =>
  postWebhook(paidEventBody(paymentId, checkoutId, amount));

async function bookGcash(cookie: string) {
  const booked = await api("/api/deliveries", { cookie, body: bookingBody({ paymentMethod: "gcash" }) });
  expect(booked.status).toBe(201);
  const [payment] = await db().select().from(payments).where(eq(payments.deliveryId, booked.json.id));
  return { id: booked.json.id as string, payment: payment! };
}

const paymentStatus = async (deliveryId: string) =>
  (await env.DB.prepare("SELECT payment_status FROM deliveries WHERE id = ?1")
    .bind(deliveryId)
    .first<{ payment_status: string }>())!.payment_status;

describe("riders are told once", () => {
  it("two distinct paid events for one payment tell the riders once", async () => {
    const customer = await signedIn("user");
    const { id, payment } = await bookGcash(customer.cookie);
    const rider = await nearbyRider();
    expect((await paidWebhook(payment.id, payment.checkoutId!, payment.amount)).json).toEqual({
      received: true,
      outcome: "applied",
    });
    expect(await paymentStatus(id)).toBe("paid");
    expect(await bell(rider.cookie)).toHaveLength(1);
    const second = await paidWebhook(payment.id, payment.checkoutId!, payment.amount);
    expect(second.status).toBe(200);
    expect(await bell(rider.cookie)).toHaveLength(1);
    expect((await bell(rider.cookie))[0]!.title).toBe("New delivery nearby");
  });

  it("a paid event without an amount is not applied: the payment stays pending and nobody is told", async () => {
    const customer = await signedIn("user");
    const { id, payment } = await bookGcash(customer.cookie);
    const rider = await nearbyRider();
    const answer = await paidWebhook(payment.id, payment.checkoutId!, null);
    expect(answer.json).toEqual({ received: true, outcome: "ignored" });
    expect(await paymentStatus(id)).toBe("pending");
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe("pending");
    expect(await bell(rider.cookie)).toEqual([]);
    // The real event, with its amount, still pays it.
    expect((await paidWebhook(payment.id, payment.checkoutId!, payment.amount)).json.outcome).toBe("applied");
    expect(await paymentStatus(id)).toBe("paid");
  });

  it("5 bookings within a minute near a rider make one notification: '5 new deliveries nearby' (Filipino too)", async () => {
    const rider = await nearbyRider();
    const customer = await signedIn("user");
    for (let i = 0; i < 5; i++)
      expect((await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() })).status).toBe(201);
    const told = await bell(rider.cookie);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: "5 new deliveries nearby", readAt: null });
    // No geocoder: the pickup is Makati's centre, so the distance is "about".
    expect(told[0]!.body).toMatch(/^Pickup about 3\.\d km from you: Makati to Quezon City\.$/);
    const [filipino] = await bell(rider.cookie, "fil");
    expect(filipino!.title).toBe("5 bagong delivery malapit sa 'yo");
    expect(filipino!.body).toMatch(/^Pickup mga 3\.\d km mula sa 'yo: Makati papuntang Quezon City\.$/);
    // A minute later, a new notification starts the next minute.
    await env.DB.prepare("UPDATE nearby_alerts SET since = since - 61000 WHERE rider_id = ?1")
      .bind(rider.user.id)
      .run();
    expect((await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() })).status).toBe(201);
    const next = await bell(rider.cookie);
    expect(next.map((n) => n.title)).toEqual(["New delivery nearby", "5 new deliveries nearby"]);
  });

  it("a refused booking tells nobody", async () => {
    const rider = await nearbyRider();
    const customer = await signedIn("user");
    const refused = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ dropoffCity: "Davao City, Davao del Sur" }),
    });
    expect(refused.status).toBe(400);
    expect(await bell(rider.cookie)).toEqual([]);
  });
});

describe("one waiting ID application", () => {
  it("20 simultaneous uploads make one pending application and leave one photo in R2; the others are 409", async () => {
    const customer = await signedIn("user");
    const answers = await Promise.all(Array.from({ length: 20 }, () => uploadIdPhoto(customer.cookie)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = answers.find((a) => a.status === 409)!;
    expect(((await refused.json()) as { message: string }).message).toBe(
      CATALOGS.server.en["discounts.alreadyWaiting"],
    );
    const rows = await env.DB.prepare("SELECT status FROM id_discounts WHERE user_id = ?1")
      .bind(customer.user.id)
      .all();
    expect(rows.results).toEqual([{ status: "pending" }]);
    const objects = await env.ID_DOCUMENTS.list({ prefix: `id-discounts/${customer.user.id}/` });
    expect(objects.objects).toHaveLength(1);
  });

  it("the database refuses a second waiting application whatever the code does", async () => {
    const customer = await signedIn("user");
    const insert = (id: string) =>
      env.DB.prepare(
        "INSERT INTO id_discounts (id, user_id, kind, status, object_key, content_type, size, created_at) VALUES (?1, ?2, 'pwd', 'pending', 'k', 'image/jpeg', 1, ?3)",
      )
        .bind(id, customer.user.id, Date.now())
        .run();
    await insert(`${customer.user.id}-a`);
    await expect(insert(`${customer.user.id}-b`)).rejects.toThrow(/UNIQUE/);
  });
});
