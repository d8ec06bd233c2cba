import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cityCentre } from "~/places/cities.server";
import { bookingBody } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";

describe("the rider's job screen /rider/jobs/{id}", () => {
  it("shows the assigned rider the next step, contacts with Call buttons and Navigate; 404 to other riders, 403 to customers", async () => {
    const [customer, rider, otherRider, admin] = await Promise.all([
      signedIn("user"),
      signedIn("rider"),
      signedIn("rider"),
      signedIn("admin"),
    ]);
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ pickupPhone: "09175551111", dropoffPhone: "09185552222" }),
    });
    const id = booked.json.id as string;

    const pending = await api(`/rider/jobs/${id}`, { cookie: otherRider.cookie });
    expect(pending.status).toBe(200);
    expect(pending.text).toContain("Accept Delivery");
    expect(pending.text).not.toContain("tel:09175551111");

    expect((await api(`/api/deliveries/${id}/accept`, { cookie: rider.cookie, body: {} })).status).toBe(200);
    const page = await api(`/rider/jobs/${id}`, { cookie: rider.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Confirm Pickup");
    expect(page.text).toContain(`href="tel:09175551111"`);
    expect(page.text).toContain(`href="tel:09185552222"`);
    expect(page.text).toContain("Navigate to Pickup");
    // No geocoder here, so the points are city centres: Navigate searches for the address.
    expect(page.text).toContain("https://www.google.com/maps/search/?api=1&amp;query=");
    expect(page.text).not.toContain("handover-code");

    expect((await api(`/rider/jobs/${id}`, { cookie: otherRider.cookie })).status).toBe(404);
    expect((await api(`/rider/jobs/${id}`, { cookie: customer.cookie })).status).toBe(403);
    expect((await api(`/rider/jobs/${id}`, { cookie: admin.cookie })).status).toBe(403);
    const missing = await api(`/rider/jobs/not-a-delivery`, { cookie: rider.cookie });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("This delivery is not yours, or no longer exists.");
    expect(missing.text).toContain('class="top-nav');
    const anonymous = await api(`/rider/jobs/${id}`);
    expect(anonymous.text).not.toContain("09175551111");

    expect(
      (await api(`/api/deliveries/${id}/status`, { cookie: rider.cookie, body: { status: "picked_up" } })).status,
    ).toBe(200);
    const trip = await api(`/rider/jobs/${id}`, { cookie: rider.cookie });
    expect(trip.text).toContain("Start Trip");
    expect(trip.text).toContain("Navigate to Dropoff");

    const dashboard = await api("/rider-dashboard", { cookie: rider.cookie });
    expect(dashboard.text).toContain(`href="/rider/jobs/${id}"`);
  });

  it("a booking without a geocoder stores approximate points: Navigate opens the address, never the city centre's coordinates; distances read 'about'", async () => {
    const [customer, rider] = await Promise.all([signedIn("user"), signedIn("rider", { riderApprovedAt: new Date() })]);
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({
        pickupAddress: "12 Maginhawa St",
        pickupCity: "Quezon City, Metro Manila",
        dropoffCity: "Makati, Metro Manila",
      }),
    });
    expect(booked.status).toBe(201);
    expect(booked.json).toMatchObject({ pickupApproximate: true, dropoffApproximate: true, approximate: true });
    const id = booked.json.id as string;
    const row = await env.DB.prepare("SELECT pickup_approximate, dropoff_approximate FROM deliveries WHERE id = ?1")
      .bind(id)
      .first();
    expect(row).toEqual({ pickup_approximate: 1, dropoff_approximate: 1 });

    expect((await api(`/api/deliveries/${id}/accept`, { cookie: rider.cookie, body: {} })).status).toBe(200);
    const page = await api(`/rider/jobs/${id}`, { cookie: rider.cookie });
    const href = /href="([^"]+)"[^>]*data-testid="job-navigate"/.exec(page.text)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("12 Maginhawa St, Quezon City, Metro Manila")}`,
    );
    const centre = cityCentre("Quezon City, Metro Manila")!;
    expect(page.text).not.toContain(`${centre.latitude.toFixed(6)},${centre.longitude.toFixed(6)}`);
    expect(page.text).not.toContain(encodeURIComponent(`${centre.latitude.toFixed(6)},${centre.longitude.toFixed(6)}`));
  });

  it("the available list says 'about' for a trip measured between city centres", async () => {
    const [customer, rider] = await Promise.all([signedIn("user"), signedIn("rider", { riderApprovedAt: new Date() })]);
    const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() });
    const dashboard = await api("/rider-dashboard", { cookie: rider.cookie });
    expect(dashboard.text).toContain(`about ${booked.json.distance} km trip`);
    expect(dashboard.text).toContain(`about ${booked.json.estimatedDuration.replace(" mins", "")} mins`);
  });
});
