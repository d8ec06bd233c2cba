import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { storedText } from "~/i18n/stored-text.server";
import { splitFee } from "~/money/fee-split";
import { manilaDate } from "~/i18n/manila";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { api, ORIGIN, signedIn } from "./helpers";
import { bookUnpaid, payOnline } from "./ledger-fixtures";

const en = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("en", id, values);
const fil = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("fil", id, values);

const approvedRider = (overrides = {}) => signedIn("rider", { riderApprovedAt: new Date(), ...overrides });
const room = (deliveryId: string) => env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName(deliveryId));

type DayTotals = Record<
  "revenue" | "rider_share" | "operations_share" | "member_benefits_share" | "cancellation_fees" | "delivered_count",
  number
>;
const dayTotals = async (day: string): Promise<DayTotals> =>
  (await env.DB.prepare("SELECT * FROM daily_totals WHERE day = ?").bind(day).first<DayTotals>()) ?? {
    revenue: 0,
    rider_share: 0,
    operations_share: 0,
    member_benefits_share: 0,
    cancellation_fees: 0,
    delivered_count: 0,
  };

describe("POST /api/admin/deliveries/{id}/assign", () => {
  it("assigns a pending delivery, then reassigns it: the room hears the new rider, the old rider loses it", async () => {
    const customer = await signedIn("user");
    const first = await approvedRider();
    const second = await approvedRider();
    const admin = await signedIn("admin");
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });

    const assigned = await api(`/api/admin/deliveries/${delivery.id}/assign`, {
      cookie: admin.cookie,
      body: { riderId: first.user.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json).toMatchObject({ status: "assigned", riderId: first.user.id, rider: { id: first.user.id } });
    expect((await api(`/api/deliveries/${delivery.id}`, { cookie: first.cookie })).status).toBe(200);

    const reassigned = await api(`/api/admin/deliveries/${delivery.id}/assign`, {
      cookie: admin.cookie,
      body: { riderId: second.user.id },
    });
    expect(reassigned.json).toMatchObject({ status: "assigned", riderId: second.user.id });
    // The event's note is a message by id, read in the reader's language.
    const event = await env.DB.prepare(
      "SELECT note FROM delivery_events WHERE delivery_id = ?1 AND kind = 'reassigned' ORDER BY id DESC",
    )
      .bind(delivery.id)
      .first<{ note: string }>();
    expect(storedText("en", event!.note)).toBe(`Taken from rider ${first.user.id}`);
    expect(storedText("fil", event!.note)).toBe(`Kinuha mula sa rider ${first.user.id}`);
    // The rider who lost it neither sees it nor may post positions for it.
    expect((await api(`/api/deliveries/${delivery.id}`, { cookie: first.cookie })).status).toBe(404);
    expect(
      (
        await api(`/api/deliveries/${delivery.id}/location`, {
          cookie: first.cookie,
          body: { latitude: 14.55, longitude: 121.03 },
        })
      ).status,
    ).toBe(404);
    const refused = await room(delivery.id).publishLocation(
      delivery.id,
      { userId: first.user.id, role: "rider" },
      { latitude: 14.55, longitude: 121.03 },
    );
    expect(refused).toMatchObject({ ok: false, reason: "notAssignedRider" });
    const accepted = await room(delivery.id).publishLocation(
      delivery.id,
      { userId: second.user.id, role: "rider" },
      { latitude: 14.55, longitude: 121.03 },
    );
    expect(accepted.ok).toBe(true);
  });

  it("refuses with the reason: not pending/assigned, not an approved rider, suspended, already holding 3, same rider", async () => {
    const customer = await signedIn("user");
    const admin = await signedIn("admin");
    const rider = await approvedRider();
    const assign = (id: string, riderId: string) =>
      api(`/api/admin/deliveries/${id}/assign`, { cookie: admin.cookie, body: { riderId } });

    const pickedUp = await insertDelivery({ customerId: customer.user.id, ...historyFor("picked_up", rider.user.id) });
    expect(await assign(pickedUp.id, rider.user.id)).toMatchObject({
      status: 409,
      json: {
        message: en("server.admin.cannotChange", { from: "Picked Up", to: "Assigned" }),
        code: "server.admin.cannotChange",
      },
    });

    const pending = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    const unapproved = await signedIn("rider");
    expect(await assign(pending.id, unapproved.user.id)).toMatchObject({
      status: 409,
      json: { message: en("server.admin.notAssignable") },
    });
    expect(await assign(pending.id, customer.user.id)).toMatchObject({ status: 409 });
    expect(await assign(pending.id, "nobody")).toMatchObject({ status: 409 });
    const suspended = await approvedRider({ riderSuspendedAt: new Date(), riderSuspensionReason: "Unpaid remittance" });
    expect(await assign(pending.id, suspended.user.id)).toMatchObject({
      status: 409,
      json: { message: en("server.admin.riderSuspended", { reason: "Unpaid remittance" }) },
    });

    const busy = await approvedRider();
    for (let i = 0; i < 2; i++)
      await insertDelivery({ customerId: customer.user.id, ...historyFor("in_transit", busy.user.id) });
    expect((await assign(pending.id, busy.user.id)).status).toBe(200);
    const another = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    expect(await assign(another.id, busy.user.id)).toMatchObject({
      status: 409,
      json: { message: en("server.admin.riderFull", { max: 3 }) },
    });
    expect(await assign(pending.id, busy.user.id)).toMatchObject({
      status: 409,
      json: { message: en("server.admin.alreadyHolds") },
    });
    expect((await api(`/api/deliveries/${another.id}`, { cookie: admin.cookie })).json).toMatchObject({
      status: "pending",
      riderId: null,
    });
  });

  it("refuses an online booking not paid yet (409, in the admin's language, on the page too): nothing is credited for money that never arrived", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const admin = await signedIn("admin");
    const filAdmin = await signedIn("admin", { language: "fil" });
    const booked = await bookUnpaid(customer);
    const assign = (cookie: string) =>
      api(`/api/admin/deliveries/${booked.id}/assign`, { cookie, body: { riderId: rider.user.id } });
    expect(await assign(admin.cookie)).toMatchObject({
      status: 409,
      json: { code: "server.admin.awaitingPayment", message: en("server.admin.awaitingPayment") },
    });
    expect(await assign(filAdmin.cookie)).toMatchObject({
      status: 409,
      json: { message: fil("server.admin.awaitingPayment") },
    });
    expect(en("server.admin.awaitingPayment")).not.toBe(fil("server.admin.awaitingPayment"));
    // A failed payment is no payment either.
    await env.DB.batch([
      env.DB.prepare("UPDATE payments SET status = 'failed' WHERE delivery_id = ?1").bind(booked.id),
      env.DB.prepare("UPDATE deliveries SET payment_status = 'failed' WHERE id = ?1").bind(booked.id),
    ]);
    expect((await assign(admin.cookie)).status).toBe(409);
    expect((await api(`/api/deliveries/${booked.id}`, { cookie: admin.cookie })).json).toMatchObject({
      status: "pending",
      riderId: null,
    });

    // The dashboard says so where Assign would be, and its form answers the refusal with the same words.
    const page = await api("/admin?filter=pending", { cookie: admin.cookie });
    expect(page.text).toMatch(
      new RegExp(
        `data-testid="assign-awaiting-payment-${booked.id}">${translate("en", "admin.controls.awaitingPayment")}<`,
      ),
    );
    const form = new URLSearchParams({ intent: "assign", deliveryId: booked.id, riderId: rider.user.id });
    const posted = await SELF.fetch(`${ORIGIN}/admin`, {
      method: "POST",
      headers: {
        Cookie: admin.cookie,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      redirect: "manual",
    });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain(en("server.admin.awaitingPayment").replaceAll("'", "&#x27;"));

    await payOnline(booked.id);
    expect(await assign(admin.cookie)).toMatchObject({
      status: 200,
      json: { status: "assigned", riderId: rider.user.id },
    });
  });

  it("an assignment racing a cancellation: each answer tells what happened, and a fee is owed only while a rider held it", {
    timeout: 60_000,
  }, async () => {
    const admin = await signedIn("admin");
    for (let round = 0; round < 4; round++) {
      const customer = await signedIn("user");
      const rider = await approvedRider();
      const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
      const [assigned, cancelled] = await Promise.all([
        api(`/api/admin/deliveries/${delivery.id}/assign`, { cookie: admin.cookie, body: { riderId: rider.user.id } }),
        api(`/api/deliveries/${delivery.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }),
      ]);
      expect([200, 409]).toContain(assigned.status);
      expect([200, 409]).toContain(cancelled.status);
      const row = await env.DB.prepare("SELECT status, rider_id, cancellation_fee FROM deliveries WHERE id = ?1")
        .bind(delivery.id)
        .first<{ status: string; rider_id: string | null; cancellation_fee: number }>();
      const owed = await env.DB.prepare("SELECT amount, status FROM owed_fees WHERE delivery_id = ?1")
        .bind(delivery.id)
        .first();
      if (cancelled.status === 409) {
        // The cancellation saw a free booking and lost to the assignment: nothing charged, the customer is told.
        expect(assigned.status).toBe(200);
        expect(row).toMatchObject({ status: "assigned", rider_id: rider.user.id });
        expect(owed).toBeNull();
      } else if (assigned.status === 200) {
        // Assigned first: cancelling costs ₱20 (booked 10 minutes ago), owed (a cash booking paid nothing yet).
        expect(row).toMatchObject({ status: "cancelled", rider_id: rider.user.id, cancellation_fee: 2000 });
        expect(owed).toEqual({ amount: 2000, status: "owed" });
      } else {
        expect(row).toMatchObject({ status: "cancelled", rider_id: null, cancellation_fee: 0 });
        expect(owed).toBeNull();
      }
      const ledger = await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE delivery_id = ?1")
        .bind(delivery.id)
        .first<{ n: number }>();
      expect(ledger!.n).toBe(0);
    }
  });

  it("has the permission matrix: 401, 403 for customers and riders, 404 unknown, 400 bad body", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    const path = `/api/admin/deliveries/${delivery.id}/assign`;
    expect(await api(path, { body: { riderId: rider.user.id } })).toMatchObject({
      status: 401,
      json: { message: "Unauthorized" },
    });
    for (const caller of [customer, await signedIn("user"), rider, await approvedRider()]) {
      expect((await api(path, { cookie: caller.cookie, body: { riderId: rider.user.id } })).status).toBe(403);
    }
    const admin = await signedIn("admin");
    expect(
      (await api("/api/admin/deliveries/nope/assign", { cookie: admin.cookie, body: { riderId: rider.user.id } }))
        .status,
    ).toBe(404);
    expect(await api(path, { cookie: admin.cookie, body: {} })).toMatchObject({
      status: 400,
      json: { message: en("server.admin.riderRequired"), field: "riderId" },
    });
    expect((await api(path, { cookie: admin.cookie, rawBody: "{" })).status).toBe(400);
  });
});

describe("POST /api/admin/deliveries/{id}/cancel", () => {
  it("cancels any delivery before delivered, without a fee unless one is set; 409 once delivered or cancelled", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const admin = await signedIn("admin");
    const cancel = (id: string, body: unknown) =>
      api(`/api/admin/deliveries/${id}/cancel`, { cookie: admin.cookie, body });

    const inTransit = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("in_transit", rider.user.id),
    });
    const done = await cancel(inTransit.id, { reason: "Customer unreachable" });
    expect(done).toMatchObject({
      status: 200,
      json: { status: "cancelled", cancellationFee: 0, cancellationReason: "Customer unreachable" },
    });
    expect(await cancel(inTransit.id, { reason: "again" })).toMatchObject({
      status: 409,
      json: { message: en("server.admin.cannotChange", { from: "Cancelled", to: "Cancelled" }) },
    });
    const delivered = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
    expect(await cancel(delivered.id, { reason: "late" })).toMatchObject({
      status: 409,
      json: { message: en("server.admin.cannotChange", { from: "Delivered", to: "Cancelled" }) },
    });

    const pending = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    expect(await cancel(pending.id, { reason: "x", fee: 20 })).toMatchObject({
      status: 409,
      json: { message: en("server.admin.feeNeedsRider") },
    });
    const assigned = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    expect((await cancel(assigned.id, { reason: "x", fee: 5000 })).status).toBe(400);
    expect((await cancel(assigned.id, { reason: "x", fee: -1 })).status).toBe(400);
    expect((await cancel(assigned.id, { reason: "x", fee: 1.234 })).status).toBe(400);
    expect(await cancel(assigned.id, {})).toMatchObject({
      status: 400,
      json: { message: en("server.admin.reasonRequired"), field: "reason" },
    });
    expect((await api(`/api/deliveries/${assigned.id}`, { cookie: admin.cookie })).json.status).toBe("assigned");

    // The room hears it.
    const roomStatus = await room(pending.id)
      .statusChanged({ deliveryId: pending.id, status: "pending", riderId: null, at: Date.now() })
      .then(() => null);
    expect(roomStatus).toBeNull();
    expect((await cancel(pending.id, { reason: "Duplicate booking" })).json.status).toBe("cancelled");
  });

  it("has the permission matrix: 401, 403 for customers and riders (even its own customer), 404 unknown", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    const path = `/api/admin/deliveries/${delivery.id}/cancel`;
    expect(await api(path, { body: { reason: "x" } })).toMatchObject({
      status: 401,
      json: { message: "Unauthorized" },
    });
    for (const caller of [customer, await signedIn("user"), rider, await approvedRider()]) {
      expect((await api(path, { cookie: caller.cookie, body: { reason: "x" } })).status).toBe(403);
    }
    const admin = await signedIn("admin");
    expect(
      (await api("/api/admin/deliveries/nope/cancel", { cookie: admin.cookie, body: { reason: "x" } })).status,
    ).toBe(404);
  });
});

// Decision 0217 changed the rule for cash and unpaid bookings (docs/guide/money.md#owed-fees: "Fees owed are collected before
// they are paid out": their fee is owed and counted when collected, test/workerd/owed-fees.test.ts).
// A fee that money exists for at once (an invoice booking, billed to its partner) is counted at once.
const billed = { paymentMethod: "invoice" as const };

describe("cancellation fees are money", () => {
  it("counts an admin's fee on a billed booking in the rider's earnings and the day's totals, split to the centavo", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const admin = await signedIn("admin");
    const delivery = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      ...billed,
    });
    const day = manilaDate(Date.now());
    const before = await dayTotals(day);
    const statsBefore = (await api("/api/admin/stats", { cookie: admin.cookie })).json;

    const fee = 33.33;
    expect(
      (
        await api(`/api/admin/deliveries/${delivery.id}/cancel`, {
          cookie: admin.cookie,
          body: { reason: "Rider waited 30 minutes", fee },
        })
      ).json,
    ).toMatchObject({
      cancellationFee: fee,
    });
    const split = splitFee(3333);
    expect(split.rider + split.operations + split.memberBenefits).toBe(3333);
    const after = await dayTotals(day);
    expect(after.revenue - before.revenue).toBe(3333);
    expect(after.cancellation_fees - before.cancellation_fees).toBe(3333);
    expect(after.rider_share - before.rider_share).toBe(split.rider);
    expect(after.operations_share - before.operations_share).toBe(split.operations);
    expect(after.member_benefits_share - before.member_benefits_share).toBe(split.memberBenefits);
    expect(after.delivered_count).toBe(before.delivered_count);

    const stats = (await api("/api/earnings/rider/stats", { cookie: rider.cookie })).json;
    expect(stats).toMatchObject({ todayEarnings: split.rider / 100, weekEarnings: split.rider / 100 });
    const statsAfter = (await api("/api/admin/stats", { cookie: admin.cookie })).json;
    expect(Math.round((statsAfter.todayRevenue - statsBefore.todayRevenue) * 100)).toBe(3333);
    expect(Math.round((statsAfter.todayRiderShare - statsBefore.todayRiderShare) * 100)).toBe(split.rider);
    expect(Math.round((statsAfter.todayCoopShare - statsBefore.todayCoopShare) * 100)).toBe(
      split.operations + split.memberBenefits,
    );
    // The Member Benefits Fund (renamed from the coop fund, decision 0183) takes the fee's 5%; no insurance on a cancellation.
    expect(Math.round((statsAfter.memberBenefitsFund - statsBefore.memberBenefitsFund) * 100)).toBe(
      split.memberBenefits,
    );
  });

  it("books a customer's fee on a billed booking on the Manila day of the cancellation, and a free cancellation adds nothing", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const day = manilaDate(Date.now());
    const before = await dayTotals(day);
    const free = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    expect(
      (await api(`/api/deliveries/${free.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } })).json
        .cancellationFee,
    ).toBe(0);
    expect(await dayTotals(day)).toEqual(before);

    const assigned = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      ...billed,
    });
    const quote = await api(`/api/deliveries/${assigned.id}/cancellation`, { cookie: customer.cookie });
    expect(quote).toMatchObject({ status: 200, json: { allowed: true, fee: 20 } });
    const cancelled = await api(`/api/deliveries/${assigned.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled", cancellationFee: quote.json.fee },
    });
    expect(cancelled.json).toMatchObject({ status: "cancelled", cancellationFee: 20 });
    const after = await dayTotals(day);
    expect(after.revenue - before.revenue).toBe(2000);
    expect(after.rider_share - before.rider_share).toBe(1700);
    expect(after.operations_share - before.operations_share).toBe(200);
    expect(after.member_benefits_share - before.member_benefits_share).toBe(100);
    expect((await api("/api/earnings/rider/stats", { cookie: rider.cookie })).json.todayEarnings).toBe(17);
  });
});

const confirmedArrival = () => ({
  pickupArrivalFirstAt: new Date(Date.now() - 90_000),
  pickupArrivalConfirmedAt: new Date(Date.now() - 60_000),
});

describe("GET /api/deliveries/{id}/cancellation", () => {
  it("answers the customer with the policy: free when pending, ₱20 assigned, ₱50 arrived, not after pickup", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const quote = async (values: Parameters<typeof insertDelivery>[0]) =>
      (await api(`/api/deliveries/${(await insertDelivery(values)).id}/cancellation`, { cookie: customer.cookie }))
        .json;
    expect(await quote({ customerId: customer.user.id, ...historyFor("pending", null) })).toMatchObject({
      allowed: true,
      fee: 0,
    });
    expect(
      await quote({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id), createdAt: new Date() }),
    ).toMatchObject({
      allowed: true,
      fee: 0,
      reason: "Free: you are cancelling within 2 minutes of booking.",
    });
    // Decision 0217: ₱50 once the server confirmed the arrival (two positions 20 s apart), not on a last position.
    expect(
      await quote({
        customerId: customer.user.id,
        ...historyFor("assigned", rider.user.id),
        riderLatitude: 14.5503,
        riderLongitude: 121.0302,
      }),
    ).toMatchObject({ fee: 20 });
    expect(
      await quote({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id), ...confirmedArrival() }),
    ).toMatchObject({
      allowed: true,
      fee: 50,
    });
    expect(await quote({ customerId: customer.user.id, ...historyFor("picked_up", rider.user.id) })).toMatchObject({
      allowed: false,
      fee: 0,
    });
  });

  it("refuses to charge a fee other than the one the customer saw (409), charging nothing", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const delivery = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      ...confirmedArrival(),
    });
    const stale = await api(`/api/deliveries/${delivery.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled", cancellationFee: 20 },
    });
    expect(stale).toMatchObject({
      status: 409,
      json: { message: "The cancellation fee is now ₱50.00. Please check it and confirm again." },
    });
    expect((await api(`/api/deliveries/${delivery.id}`, { cookie: customer.cookie })).json.status).toBe("assigned");
  });

  it("has the permission matrix: 401; 404 for another customer and other riders; 403 for its rider and admins", async () => {
    const customer = await signedIn("user");
    const rider = await approvedRider();
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    const path = `/api/deliveries/${delivery.id}/cancellation`;
    expect(await api(path)).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    expect((await api(path, { cookie: customer.cookie })).status).toBe(200);
    expect((await api(path, { cookie: (await signedIn("user")).cookie })).status).toBe(404);
    expect((await api(path, { cookie: (await approvedRider()).cookie })).status).toBe(404);
    expect((await api(path, { cookie: rider.cookie })).status).toBe(403);
    expect((await api(path, { cookie: (await signedIn("admin")).cookie })).status).toBe(403);
    expect((await api("/api/deliveries/nope/cancellation", { cookie: customer.cookie })).status).toBe(404);
  });
});
