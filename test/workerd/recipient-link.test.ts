import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/auth/crypto.server";
import { bookingBody } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";
import { connectSocket, upgradeSocket } from "./socket-client";

let sequence = 0;
const freshDropoffPhone = () => `0919${String((Date.now() + sequence++) % 10_000_000).padStart(7, "0")}`;

const linkSentTo = async (local: string) =>
  env.DB.prepare("SELECT body, link FROM dev_outbox WHERE recipient = ? ORDER BY sent_at DESC")
    .bind(`+63${local.slice(1)}`)
    .all<{ body: string; link: string }>();

/** A customer books (the recipient at a fresh number), an approved rider accepts. */
async function bookedAndAccepted(overrides: Record<string, unknown> = {}) {
  const customer = await signedIn("user", { firstName: "Corazon", lastName: "Privado" });
  const rider = await signedIn("rider", { riderApprovedAt: new Date(), firstName: "Rodel", lastName: "Surname" });
  const dropoffPhone = freshDropoffPhone();
  const pickupPhone = "09175550000";
  const booked = await api("/api/deliveries", {
    cookie: customer.cookie,
    body: bookingBody({ dropoffPhone, pickupPhone, pickupAddress: "77 Secret Home St, Bel-Air", ...overrides }),
  });
  expect(booked.status).toBe(201);
  expect((await api(`/api/deliveries/${booked.json.id}/accept`, { cookie: rider.cookie, body: {} })).status).toBe(200);
  return { customer, rider, deliveryId: booked.json.id as string, dropoffPhone, pickupPhone };
}

describe("the recipient's tracking link", () => {
  it("is texted to the dropoff phone on accept, stored only hashed, and shows status, rider first name and ETA without sign-in", async () => {
    const { deliveryId, dropoffPhone, pickupPhone, customer, rider } = await bookedAndAccepted();
    const { results } = await linkSentTo(dropoffPhone);
    expect(results).toHaveLength(1);
    const link = results[0]!.link;
    expect(results[0]!.body).toContain(link);
    const token = new URL(link).pathname.replace("/t/", "");
    expect(new URL(link).pathname).toMatch(/^\/t\/[A-Za-z0-9_-]{22,}$/); // 16 random bytes = 128 bits
    const stored = await env.DB.prepare("SELECT recipient_token_hash AS hash FROM deliveries WHERE id = ?")
      .bind(deliveryId)
      .first<{ hash: string }>();
    expect(stored!.hash).toBe(await sha256Hex(token));
    expect(stored!.hash).not.toContain(token);

    const page = await api(`/t/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your delivery");
    expect(page.text).toContain("Assigned");
    expect(page.text).toContain("Rodel");
    expect(page.text).toContain("45 Katipunan Ave");
    // Who is coming (docs/guide/deliveries.md#handover-code): the rider's number for the Call button.
    expect(page.text).toContain(`tel:${rider.user.phoneNumber}`);
    const code = await env.DB.prepare("SELECT handover_code AS code FROM deliveries WHERE id = ?")
      .bind(deliveryId)
      .first<{ code: string }>();
    expect(page.text).toContain(`data-testid="handover-code">${code!.code}<`);
    for (const secret of [
      "Corazon",
      "Privado",
      "Surname",
      customer.user.phoneNumber!,
      customer.user.id,
      pickupPhone,
      dropoffPhone,
      "Secret Home",
    ]) {
      expect(page.text, secret).not.toContain(secret);
    }
  });

  it("answers with Cache-Control: no-store and Referrer-Policy: no-referrer (the page, its data, and a 404)", async () => {
    const { dropoffPhone } = await bookedAndAccepted();
    const token = new URL((await linkSentTo(dropoffPhone)).results[0]!.link).pathname.replace("/t/", "");
    for (const path of [`/t/${token}`, `/t/${token}.data`, `/t/${token.slice(0, -2)}xx`]) {
      const answer = await api(path);
      expect(answer.headers.get("Cache-Control"), path).toBe("no-store");
      expect(answer.headers.get("Referrer-Policy"), path).toBe("no-referrer");
    }
    // Every other page keeps its usual policy.
    expect((await api("/help")).headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("answers 404 to a wrong token and from 24 hours after the delivery ended", async () => {
    const { deliveryId, dropoffPhone } = await bookedAndAccepted();
    const token = new URL((await linkSentTo(dropoffPhone)).results[0]!.link).pathname.replace("/t/", "");
    expect((await api(`/t/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await api("/t/short")).status).toBe(404);
    expect((await api(`/t/${"%27%20OR%201%3D1"}`)).status).toBe(404);
    const endedHoursAgo = (hours: number) =>
      env.DB.prepare("UPDATE deliveries SET status = 'delivered', delivered_at = ? WHERE id = ?")
        .bind(Date.now() - hours * 3_600_000, deliveryId)
        .run();
    await endedHoursAgo(23);
    expect((await api(`/t/${token}`)).status).toBe(200);
    expect((await upgradeSocket(`deliveryId=${deliveryId}&token=${token}`)).status).toBe(101);
    await endedHoursAgo(24.1);
    expect((await api(`/t/${token}`)).status).toBe(404);
    expect((await upgradeSocket(`deliveryId=${deliveryId}&token=${token}`)).status).toBe(404);
  });

  it("admits a read-only socket by the token: it hears positions and status, and cannot publish", async () => {
    const { deliveryId, dropoffPhone, rider } = await bookedAndAccepted();
    const token = new URL((await linkSentTo(dropoffPhone)).results[0]!.link).pathname.replace("/t/", "");
    expect((await upgradeSocket(`deliveryId=${deliveryId}&token=wrongwrongwrongwrongwrong`)).status).toBe(404);
    const other = await bookedAndAccepted();
    expect((await upgradeSocket(`deliveryId=${other.deliveryId}&token=${token}`)).status).toBe(404);

    const recipient = await connectSocket(`deliveryId=${deliveryId}&token=${token}`);
    recipient.send({ type: "subscribe", deliveryId });
    expect(await recipient.next()).toMatchObject({ type: "subscribed", status: "assigned" });
    recipient.send({ type: "location_update", deliveryId, latitude: 14.6, longitude: 121.0 });
    expect(await recipient.next()).toMatchObject({ type: "error" });
    expect(
      (
        await api(`/api/deliveries/${deliveryId}/location`, {
          cookie: rider.cookie,
          body: { latitude: 14.61, longitude: 121.01 },
        })
      ).status,
    ).toBe(200);
    expect(await recipient.next()).toMatchObject({ type: "location_update", latitude: 14.61, longitude: 121.01 });
    expect(
      (await api(`/api/deliveries/${deliveryId}/status`, { cookie: rider.cookie, body: { status: "picked_up" } }))
        .status,
    ).toBe(200);
    expect(await recipient.next()).toMatchObject({ type: "status_update", status: "picked_up" });
    recipient.close();
  });

  it("is not sent when the customer unticked it, and never twice (an admin reassignment sends nothing)", async () => {
    const quiet = await bookedAndAccepted({ notifyRecipient: false });
    expect((await linkSentTo(quiet.dropoffPhone)).results).toHaveLength(0);

    const { deliveryId, dropoffPhone } = await bookedAndAccepted();
    const admin = await signedIn("admin");
    const next = await signedIn("rider", { riderApprovedAt: new Date() });
    expect(
      (
        await api(`/api/admin/deliveries/${deliveryId}/assign`, {
          cookie: admin.cookie,
          body: { riderId: next.user.id },
        })
      ).status,
    ).toBe(200);
    expect((await linkSentTo(dropoffPhone)).results).toHaveLength(1);
  });

  it("is sent when an admin assigns a pending delivery", async () => {
    const customer = await signedIn("user");
    const dropoffPhone = freshDropoffPhone();
    const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody({ dropoffPhone }) });
    const admin = await signedIn("admin");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    expect(
      (
        await api(`/api/admin/deliveries/${booked.json.id}/assign`, {
          cookie: admin.cookie,
          body: { riderId: rider.user.id },
        })
      ).status,
    ).toBe(200);
    expect((await linkSentTo(dropoffPhone)).results).toHaveLength(1);
  });
});
