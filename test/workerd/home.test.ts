import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertDelivery } from "./delivery-fixtures";
import { createUser, ORIGIN, signedIn } from "./helpers";

const home = async (cookie: string) => (await SELF.fetch(`${ORIGIN}/`, { headers: { Cookie: cookie } })).text();
/** The figure shown under a label on the home page. */
const figure = (html: string, label: string) =>
  new RegExp(`${label.replace("'", "(?:'|&#x27;)")}</p><p class="figure-value">([^<]*)<`).exec(html)?.[1];

describe("home page figures", () => {
  it("shows a rider today's earnings and the deliveries they could accept (not their own booking)", async () => {
    const rider = await signedIn("rider");
    const customer = await createUser("user");
    const before = Number(figure(await home(rider.cookie), "Available Deliveries"));
    await insertDelivery({ customerId: customer.id });
    await insertDelivery({ customerId: customer.id });
    await insertDelivery({ customerId: rider.user.id });
    await insertDelivery({
      customerId: customer.id,
      riderId: rider.user.id,
      status: "delivered",
      totalFee: 13600,
      deliveredAt: new Date(),
    });

    const html = await home(rider.cookie);
    expect(Number(figure(html, "Available Deliveries"))).toBe(before + 2);
    expect(figure(html, "Today's Earnings")).toBe("₱115.60"); // 85% of ₱136.00
  });

  it("shows an admin today's bookings, active riders and revenue, and a customer none of them", async () => {
    const admin = await signedIn("admin");
    const html = await home(admin.cookie);
    for (const label of ["Total Deliveries Today", "Active Riders", "Revenue Today"])
      expect(figure(html, label), label).toBeDefined();
    expect(figure(html, "Revenue Today")).toMatch(/^₱[\d,]+\.\d{2}$/);

    const customer = await signedIn("user");
    const customerHtml = await home(customer.cookie);
    expect(figure(customerHtml, "Revenue Today")).toBeUndefined();
    expect(figure(customerHtml, "Available Deliveries")).toBeUndefined();
  });
});
