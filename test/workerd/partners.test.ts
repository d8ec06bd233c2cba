import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, ORIGIN, signedIn } from "./helpers";

const en = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("en", id, values);

async function newPartner(adminCookie: string, name = "Jollibee Makati") {
  const created = await api("/api/admin/partners", {
    cookie: adminCookie,
    body: { name, billingEmail: "AP@Example.ph" },
  });
  expect(created.status).toBe(201);
  return created.json as { id: string; name: string; billingEmail: string };
}

describe("business partners", () => {
  it("an admin creates a partner and adds customers by mobile; those customers may book with invoice", async () => {
    const admin = await signedIn("admin");
    const partner = await newPartner(admin.cookie);
    expect(partner).toMatchObject({ name: "Jollibee Makati", billingEmail: "ap@example.ph", memberCount: 0 });
    const customer = await signedIn("user");
    const local = `0${customer.user.phoneNumber!.slice(3)}`;
    const added = await api(`/api/admin/partners/${partner.id}/members`, {
      cookie: admin.cookie,
      body: { phoneNumber: local },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ userId: customer.user.id, phoneNumber: customer.user.phoneNumber });
    expect(
      (await api(`/api/admin/partners/${partner.id}/members`, { cookie: admin.cookie, body: { phoneNumber: local } }))
        .status,
    ).toBe(409);
    const other = await newPartner(admin.cookie, "Other Co");
    const elsewhere = await api(`/api/admin/partners/${other.id}/members`, {
      cookie: admin.cookie,
      body: { phoneNumber: local },
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.json.message).toBe(en("server.partners.otherPartner"));

    const detail = await api(`/api/admin/partners/${partner.id}`, { cookie: admin.cookie });
    expect(detail.json.members.map((m: { userId: string }) => m.userId)).toEqual([customer.user.id]);
    const list = await api("/api/admin/partners", { cookie: admin.cookie });
    expect(list.json.find((p: { id: string }) => p.id === partner.id).memberCount).toBe(1);

    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "invoice" }),
    });
    expect(booked.status).toBe(201);
    expect(booked.json.payment).toEqual({
      id: null,
      method: "invoice",
      status: "not_required",
      checkoutUrl: null,
      amount: 136,
      refundedAmount: 0,
      refundPending: 0,
    });
    const { results } = await env.DB.prepare("SELECT partner_id FROM deliveries WHERE id = ?")
      .bind(booked.json.id)
      .all<{ partner_id: string }>();
    expect(results[0]!.partner_id).toBe(partner.id);
  });

  it("refuses bad partner and member input with 400 naming the field; unknown ids 404", async () => {
    const admin = await signedIn("admin");
    const noEmail = await api("/api/admin/partners", {
      cookie: admin.cookie,
      body: { name: "X", billingEmail: "nope" },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.errors.billingEmail).toEqual([en("server.partners.billingEmailInvalid")]);
    expect(
      (await api("/api/admin/partners", { cookie: admin.cookie, body: { billingEmail: "a@b.ph" } })).json.errors.name,
    ).toEqual([en("server.partners.nameRequired")]);
    const partner = await newPartner(admin.cookie);
    const badPhone = await api(`/api/admin/partners/${partner.id}/members`, {
      cookie: admin.cookie,
      body: { phoneNumber: "12345" },
    });
    expect(badPhone.status).toBe(400);
    const nobody = await api(`/api/admin/partners/${partner.id}/members`, {
      cookie: admin.cookie,
      body: { phoneNumber: "09990000000" },
    });
    expect(nobody.status).toBe(404);
    expect(
      (await api(`/api/admin/partners/missing/members`, { cookie: admin.cookie, body: { phoneNumber: "09171234567" } }))
        .status,
    ).toBe(404);
    expect((await api(`/api/admin/partners/missing`, { cookie: admin.cookie })).status).toBe(404);
    expect((await api(`/api/admin/partners/missing/statement?month=2026-11`, { cookie: admin.cookie })).status).toBe(
      404,
    );
  });

  it("the monthly statement: RFC 4180 CSV of the month's invoice bookings (Manila month) and their total", async () => {
    const admin = await signedIn("admin");
    const partner = await newPartner(admin.cookie, 'Sari-sari "Best", Inc.');
    const customer = await signedIn("user", { firstName: "Maria", lastName: "Santos" });
    // Manila 2026-10-01 00:30 is 2026-09-30 16:30 UTC: October. Manila 2026-09-30 23:30 is September.
    const october = new Date(Date.UTC(2026, 8, 30, 16, 30));
    const september = new Date(Date.UTC(2026, 8, 30, 15, 30));
    const delivered = await insertDelivery({
      customerId: customer.user.id,
      partnerId: partner.id,
      paymentMethod: "invoice",
      status: "delivered",
      createdAt: october,
      deliveredAt: october,
      amountDue: 13600,
      pickupAddress: "=1+2 Ayala, Ave",
    });
    await insertDelivery({
      customerId: customer.user.id,
      partnerId: partner.id,
      paymentMethod: "invoice",
      status: "cancelled",
      createdAt: new Date(october.getTime() + 60_000),
      cancelledAt: october,
      cancellationFee: 2000,
    });
    await insertDelivery({
      customerId: customer.user.id,
      partnerId: partner.id,
      paymentMethod: "invoice",
      status: "pending",
      createdAt: new Date(october.getTime() + 120_000),
    });
    await insertDelivery({
      customerId: customer.user.id,
      partnerId: partner.id,
      paymentMethod: "invoice",
      status: "delivered",
      createdAt: september,
      deliveredAt: september,
    });

    const response = await SELF.fetch(`${ORIGIN}/api/admin/partners/${partner.id}/statement?month=2026-10`, {
      headers: { Cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="hatid-statement-2026-10.csv"');
    const csv = await response.text();
    const lines = csv.split("\r\n");
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(lines[0]).toBe(
      "Delivery ID,Booked (Manila),Booked by,Pickup,Dropoff,Status,Fare (PHP),Cancellation fee (PHP),Billed (PHP)",
    );
    expect(lines).toHaveLength(6); // header, 3 October bookings, total, and the empty string after the last CRLF
    expect(lines[1]).toContain(delivered.id);
    expect(lines[1]).toContain(`"'=1+2 Ayala, Ave, Makati, Metro Manila"`);
    expect(lines[1]).toMatch(/,Maria Santos,/);
    expect(lines[1]!.endsWith(",Delivered,136.00,0.00,136.00")).toBe(true);
    expect(lines[2]!.endsWith(",Cancelled,136.00,20.00,20.00")).toBe(true);
    expect(lines[3]!.endsWith(",Pending,136.00,0.00,0.00")).toBe(true);
    expect(lines[4]).toBe("Total,,,,,,,,156.00");

    for (const month of ["", "2026-13", "26-10", "2026-1", "2026-10-01"]) {
      const bad = await api(`/api/admin/partners/${partner.id}/statement?month=${month}`, { cookie: admin.cookie });
      expect(bad.status, month).toBe(400);
      expect(bad.json.message).toBe(en("server.partners.monthInvalid"));
    }
  });
});
