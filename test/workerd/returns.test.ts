import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/auth/crypto.server";
import { splitFee } from "~/money/fee-split";
import { pesosToCentavos } from "~/money/money";
import { couldNotDeliver, historyFor, insertDelivery } from "./delivery-fixtures";
import { api, ORIGIN, signedIn } from "./helpers";
import { accept, book, ledgerOf, type Caller } from "./ledger-fixtures";

/** "Could not deliver" and the return to the sender (decision 0222). */

const JPEG = () =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1])], { type: "image/jpeg" });
const PDF = () => new Blob([new TextEncoder().encode("%PDF-1.7 not a photo")], { type: "image/jpeg" });
const DROPOFF = { dropoffLatitude: 14.6394, dropoffLongitude: 121.0781, dropoffApproximate: false };

const row = (id: string) =>
  env.DB.prepare(
    "SELECT status, dropoff_arrival_at, could_not_deliver_reason, could_not_deliver_photo, return_code, returned_at FROM deliveries WHERE id = ?1",
  )
    .bind(id)
    .first<{
      status: string;
      dropoff_arrival_at: number | null;
      could_not_deliver_reason: string | null;
      could_not_deliver_photo: string | null;
      return_code: string | null;
      returned_at: number | null;
    }>();
const events = async (id: string, kind: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM delivery_events WHERE delivery_id = ?1 AND kind = ?2")
    .bind(id, kind)
    .first<{ n: number }>())!.n;
const arrivedMinutesAgo = (id: string, minutes: number) =>
  env.DB.prepare("UPDATE deliveries SET dropoff_arrival_at = ?1 WHERE id = ?2")
    .bind(Date.now() - minutes * 60_000, id)
    .run();

/** A picked-up delivery of `rider` to a precise dropoff. */
async function onTheWay(status: "picked_up" | "in_transit" = "picked_up") {
  const customer = await signedIn("user");
  const rider = await signedIn("rider");
  const delivery = await insertDelivery({
    customerId: customer.user.id,
    ...historyFor(status, rider.user.id),
    ...DROPOFF,
  });
  return { customer, rider, delivery };
}

describe("could not deliver", () => {
  it("sends an unsafe delivery back at once, with a return code, an event and the customer told", async () => {
    const { customer, rider, delivery } = await onTheWay("in_transit");
    const res = await couldNotDeliver(delivery.id, rider.cookie, { reason: "unsafe" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("returning");
    const stored = (await row(delivery.id))!;
    expect(stored.status).toBe("returning");
    expect(stored.could_not_deliver_reason).toBe("unsafe");
    expect(stored.return_code).toMatch(/^\d{4}$/);
    expect(await events(delivery.id, "could_not_deliver")).toBe(1);
    const told = await env.DB.prepare(
      "SELECT kind FROM notifications WHERE user_id = ?1 AND kind = 'could_not_deliver'",
    )
      .bind(customer.user.id)
      .all();
    expect(told.results).toHaveLength(1);
  });

  it("refuses before the rider has waited 10 minutes at the dropoff, then accepts", async () => {
    const { rider, delivery } = await onTheWay();
    const never = await couldNotDeliver(delivery.id, rider.cookie, { reason: "address_not_found" });
    expect(never.status).toBe(409);
    expect(never.json.message).toMatch(/Wait at the dropoff first/);
    await arrivedMinutesAgo(delivery.id, 4);
    const early = await couldNotDeliver(delivery.id, rider.cookie, { reason: "recipient_absent", photo: JPEG() });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(
      "Wait at the dropoff 6 more minutes before returning the parcel (unless it is unsafe).",
    );
    expect((await row(delivery.id))!.status).toBe("picked_up");
    expect(await events(delivery.id, "could_not_deliver")).toBe(0);
    await arrivedMinutesAgo(delivery.id, 11);
    const waited = await couldNotDeliver(delivery.id, rider.cookie, { reason: "recipient_absent", photo: JPEG() });
    expect(waited.status, waited.text).toBe(200);
    const stored = (await row(delivery.id))!;
    expect(stored.could_not_deliver_photo).toMatch(new RegExp(`^returns/${delivery.id}/`));
    const photo = await env.ID_DOCUMENTS.get(stored.could_not_deliver_photo!);
    expect(photo?.httpMetadata?.contentType).toBe("image/jpeg");
  });

  it("needs a photo, by its bytes, when the recipient is absent or refused", async () => {
    const { rider, delivery } = await onTheWay();
    await arrivedMinutesAgo(delivery.id, 15);
    for (const reason of ["recipient_absent", "recipient_refused"]) {
      const without = await couldNotDeliver(delivery.id, rider.cookie, { reason });
      expect(without.status).toBe(400);
      expect(without.json.field).toBe("photo");
    }
    const notImage = await couldNotDeliver(delivery.id, rider.cookie, { reason: "recipient_refused", photo: PDF() });
    expect(notImage.status).toBe(400);
    expect(notImage.json.field).toBe("photo");
    const other = await couldNotDeliver(delivery.id, rider.cookie, { reason: "other" });
    expect(other.status).toBe(400);
    expect(other.json.field).toBe("note");
    expect((await row(delivery.id))!.status).toBe("picked_up");
  });

  it("is refused from another rider (404), a customer (403) and from a status without the step (409)", async () => {
    const { customer, delivery } = await onTheWay();
    const other = await signedIn("rider");
    expect((await couldNotDeliver(delivery.id, other.cookie, { reason: "unsafe" })).status).toBe(404);
    expect((await couldNotDeliver(delivery.id, customer.cookie, { reason: "unsafe" })).status).toBe(403);
    expect((await couldNotDeliver(delivery.id, undefined, { reason: "unsafe" })).status).toBe(401);
    const assigned = await onTheWay();
    await env.DB.prepare("UPDATE deliveries SET status = 'assigned' WHERE id = ?1").bind(assigned.delivery.id).run();
    const early = await couldNotDeliver(assigned.delivery.id, assigned.rider.cookie, { reason: "unsafe" });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("Cannot change a delivery from Assigned to Returning");
    expect((await row(delivery.id))!.status).toBe("picked_up");
  });

  it("lets exactly one of two at once win", async () => {
    const { rider, delivery } = await onTheWay();
    const answers = await Promise.all([
      couldNotDeliver(delivery.id, rider.cookie, { reason: "unsafe" }),
      couldNotDeliver(delivery.id, rider.cookie, { reason: "unsafe" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await events(delivery.id, "could_not_deliver")).toBe(1);
  });

  it("is not a status step: /status to returning points to Could not deliver", async () => {
    const { rider, delivery } = await onTheWay();
    const res = await api(`/api/deliveries/${delivery.id}/status`, {
      cookie: rider.cookie,
      body: { status: "returning" },
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      "Cannot change a delivery from Picked Up to Returning: use Could not deliver, with a reason",
    );
  });
});

describe("arrival at the dropoff", () => {
  it("is recorded from the rider's position within 100 m, once, with the customer told", async () => {
    const { customer, rider, delivery } = await onTheWay();
    const far = await api(`/api/deliveries/${delivery.id}/location`, {
      cookie: rider.cookie,
      body: { latitude: 14.65, longitude: 121.08 },
    });
    expect(far.status, far.text).toBe(200);
    expect((await row(delivery.id))!.dropoff_arrival_at).toBeNull();
    const near = await api(`/api/deliveries/${delivery.id}/location`, {
      cookie: rider.cookie,
      body: { latitude: 14.6398, longitude: 121.0783 },
    });
    expect(near.status, near.text).toBe(200);
    expect((await row(delivery.id))!.dropoff_arrival_at).not.toBeNull();
    expect(await events(delivery.id, "arrived_at_dropoff")).toBe(1);
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND kind = 'rider_at_dropoff'",
    )
      .bind(customer.user.id)
      .first<{ n: number }>();
    expect(told!.n).toBe(1);
  });
});

describe("the return to the sender", () => {
  const confirm = (id: string, rider: Caller, returnCode: unknown) =>
    api(`/api/deliveries/${id}/status`, { cookie: rider.cookie, body: { status: "returned", returnCode } });

  it("refuses a wrong code and changes nothing, then credits the rider's share once on the right one", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    await api("/api/rider/availability", { cookie: rider.cookie, body: { online: true } });
    const booked = await book(customer, "cash");
    await accept(rider, booked.id);
    const picked = await api(`/api/deliveries/${booked.id}/status`, {
      cookie: rider.cookie,
      body: { status: "picked_up" },
    });
    expect(picked.status, picked.text).toBe(200);
    await arrivedMinutesAgo(booked.id, 12);
    const back = await couldNotDeliver(booked.id, rider.cookie, { reason: "recipient_absent", photo: JPEG() });
    expect(back.status, back.text).toBe(200);
    const code = (await row(booked.id))!.return_code!;
    const wrong = code === "0000" ? "1111" : "0000";

    const refused = await confirm(booked.id, rider, wrong);
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe("returnCode");
    expect(refused.json.message).toMatch(/Wrong return code/);
    expect((await row(booked.id))!.status).toBe("returning");
    expect((await ledgerOf(rider)).entries).toHaveLength(0);
    expect((await confirm(booked.id, rider, undefined)).status).toBe(400);

    const other = await signedIn("rider");
    expect((await confirm(booked.id, other, code)).status).toBe(404);

    const done = await confirm(booked.id, rider, code);
    expect(done.status, done.text).toBe(200);
    expect(done.json.status).toBe("returned");
    expect(await events(booked.id, "returned")).toBe(1);
    expect((await confirm(booked.id, rider, code)).status).toBe(409);

    // The trip made is credited once, like a delivery: the fare's 85%, the ₱1 insurance, the cash the rider took.
    const ledger = await ledgerOf(rider);
    const share = splitFee(pesosToCentavos(booked.totalFee)).rider;
    expect(ledger.entries.map((e) => [e.kind, e.amount, e.deliveryId]).sort()).toEqual(
      [
        ["share", share / 100, booked.id],
        ["insurance", -1, booked.id],
        ["cash_collected", -booked.amountDue, booked.id],
      ].sort(),
    );
    const sum = ledger.entries.reduce((total, e) => total + pesosToCentavos(e.amount), 0);
    expect(pesosToCentavos(ledger.balance)).toBe(sum);
  });
});

describe("the pages, without JavaScript", () => {
  /** A form post to a page's action, as the browser sends it before any script ran. */
  const post = (path: string, cookie: string, form: FormData) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie },
      redirect: "manual",
    });

  it("a rider reports the recipient absent with a photo; the customer sees the return code; the rider confirms with it", async () => {
    const { customer, rider, delivery } = await onTheWay("in_transit");
    await arrivedMinutesAgo(delivery.id, 3);
    const job = await api(`/rider/jobs/${delivery.id}`, { cookie: rider.cookie });
    expect(job.text).toContain("Could not deliver");
    expect(job.text).toContain('capture="environment"');
    expect(job.text).toContain("You may return the parcel in 7 min unless it is unsafe.");
    const tracking = await api(`/tracking/${delivery.id}`, { cookie: customer.cookie });
    expect(tracking.text).toContain('data-testid="dropoff-arrival"><h2>Your rider is at the dropoff</h2>');
    expect(tracking.text).toContain("The rider waits 7 more minutes before they may return the parcel.");

    await arrivedMinutesAgo(delivery.id, 10);
    const form = new FormData();
    form.set("intent", "couldNotDeliver");
    form.set("reason", "recipient_absent");
    form.set("note", "Gate locked, nobody answered");
    form.set("photo", JPEG(), "place.jpg");
    const sent = await post(`/rider/jobs/${delivery.id}`, rider.cookie, form);
    expect(sent.status).toBe(302);
    expect((await row(delivery.id))!.status).toBe("returning");

    const code = (await row(delivery.id))!.return_code!;
    const customerPage = await api(`/tracking/${delivery.id}`, { cookie: customer.cookie });
    expect(customerPage.text).toContain("Returning to the sender");
    expect(customerPage.text).toContain(`data-testid="return-code">${code}<`);
    const riderPage = await api(`/rider/jobs/${delivery.id}`, { cookie: rider.cookie });
    expect(riderPage.text).toContain("Returning to the sender");
    expect(riderPage.text).toContain("Confirm Return");
    expect(riderPage.text).not.toContain('data-testid="return-code"');

    const wrong = new FormData();
    wrong.set("intent", "step");
    wrong.set("status", "returned");
    wrong.set("returnCode", code === "0000" ? "1111" : "0000");
    const refused = await post(`/rider/jobs/${delivery.id}`, rider.cookie, wrong);
    expect(refused.status).toBe(400);
    expect((await row(delivery.id))!.status).toBe("returning");
    const right = new FormData();
    right.set("intent", "step");
    right.set("status", "returned");
    right.set("returnCode", code);
    expect((await post(`/rider/jobs/${delivery.id}`, rider.cookie, right)).status).toBe(302);
    expect((await row(delivery.id))!.status).toBe("returned");
    const done = await api(`/tracking/${delivery.id}`, { cookie: customer.cookie });
    expect(done.text).toContain("Returned to the sender at");
    expect(done.text).not.toContain(`data-testid="return-code"`);
  });

  it("answers the form's refusal on its field: no photo for a refused recipient", async () => {
    const { rider, delivery } = await onTheWay();
    await arrivedMinutesAgo(delivery.id, 20);
    const form = new FormData();
    form.set("intent", "couldNotDeliver");
    form.set("reason", "recipient_refused");
    const sent = await post(`/rider/jobs/${delivery.id}`, rider.cookie, form);
    expect(sent.status).toBe(400);
    expect(await sent.text()).toContain("Take a photo of the place");
    expect((await row(delivery.id))!.status).toBe("picked_up");
  });
});

describe("the recipient's link", () => {
  it("says the rider is at the dropoff with the minutes left, and no handover code once returning", async () => {
    const { rider, delivery } = await onTheWay();
    const token = `returns-${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.prepare("UPDATE deliveries SET recipient_token_hash = ?1 WHERE id = ?2")
      .bind(await sha256Hex(token), delivery.id)
      .run();
    await arrivedMinutesAgo(delivery.id, 2);
    const waiting = await api(`/t/${token}`);
    expect(waiting.status).toBe(200);
    expect(waiting.text).toContain('data-testid="dropoff-arrival"><h2>Your rider is at the dropoff</h2>');
    expect(waiting.text).toContain("The rider waits 8 more minutes before they may return the parcel.");
    expect((await couldNotDeliver(delivery.id, rider.cookie, { reason: "unsafe" })).status).toBe(200);
    const returning = await api(`/t/${token}`);
    expect(returning.text).toContain('data-testid="recipient-status">Returning<');
    expect(returning.text).not.toContain('data-testid="dropoff-arrival"');
    expect(returning.text).not.toContain('data-testid="handover-code"');
  });
});
