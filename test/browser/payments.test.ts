import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAs } from "./auth";
import { fillBookingPickingCities } from "./booking-steps";
import { call, useBrowser } from "./browser";

const { newContext } = useBrowser();

async function availableIds(page: Page): Promise<string[]> {
  await page.goto("/rider-dashboard");
  await page.getByRole("heading", { name: "Available Deliveries" }).waitFor();
  return page
    .locator("#available-deliveries [data-delivery-id]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-delivery-id") ?? ""));
}

describe("paying online in Chromium at 360px", () => {
  it("books with GCash and NEWCOOP (₱50 off), pays on the sandbox, and only then reaches riders", async () => {
    const customerContext = await newContext();
    await signUpAs(customerContext, "user");
    const page = await customerContext.newPage();
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider");
    const riderPage = await riderContext.newPage();
    // New riders start offline; online, the rider would see any delivery that is offered.
    await call(rider.cookie, "/api/rider/availability", { online: true });

    await page.goto("/booking");
    await page.getByRole("heading", { name: "Book a Delivery" }).waitFor();
    const address = `${Date.now() % 100000} Paseo de Roxas`;
    await fillBookingPickingCities(page, address, "Birthday cake");
    await page
      .getByTestId("estimate-total")
      .filter({ hasText: /^₱136\.00$/ })
      .waitFor();

    // GCash, then the promo code applied to the estimate.
    await page.getByLabel("GCash").check();
    await page.getByLabel("Promo code").fill("newcoop");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByTestId("promo-applied").waitFor();
    await page
      .getByTestId("estimate-promo")
      .filter({ hasText: /^−₱50\.00$/ })
      .waitFor();
    await expect(page.getByTestId("estimate-total").textContent()).resolves.toBe("₱86.00");
    // Readable at 360px: nothing wider than the screen.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);

    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await page.waitForURL(/\/dev\/pay\/pay_/, { timeout: 15_000 });
    await expect(page.getByTestId("sandbox-amount").textContent()).resolves.toBe("₱86.00");
    const deliveryId = await page.evaluate(async () => {
      const response = await fetch("/api/deliveries/my", { credentials: "include" });
      const mine = (await response.json()) as { id: string; payment: { status: string } }[];
      return mine[0]!.id;
    });

    // Not paid yet: no rider is offered it.
    expect(await availableIds(riderPage)).not.toContain(deliveryId);

    await page.getByRole("button", { name: "Pay ₱86.00" }).click();
    await page.waitForURL(`**/tracking/${deliveryId}`, { timeout: 15_000 });
    await expect(page.getByTestId("payment-status").textContent()).resolves.toBe("Paid");
    await expect(page.getByText("Promo NEWCOOP").isVisible()).resolves.toBe(true);

    // Paid: now it is in the rider's available list, marked as paid online.
    expect(await availableIds(riderPage)).toContain(deliveryId);
    const item = riderPage.locator(`#available-deliveries [data-delivery-id="${deliveryId}"]`);
    await expect(item.getByTestId("rider-collect").textContent()).resolves.toBe("Paid online");

    // Cancelled while still pending (free): the tracking page shows the full refund.
    const status = await page.evaluate(async (id) => {
      const response = await fetch(`/api/deliveries/${id}/status`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ status: "cancelled" }),
      });
      return response.status;
    }, deliveryId);
    expect(status).toBe(200);
    await page.reload();
    await page.getByTestId("payment-refund").waitFor();
    await expect(page.getByTestId("payment-refund").textContent()).resolves.toBe(
      "Refunded ₱86.00 to your GCash. It arrives in 1-3 business days.",
    );
    await expect(page.getByTestId("payment-status").textContent()).resolves.toBe("Refunded");
  });
});
