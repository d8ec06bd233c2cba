import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { call, hydrated, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** Waits until the service worker controls the page, so the next load of it is kept for offline use. */
const controlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
  });

describe("the offline action queue at 360px", () => {
  it("Mark Delivered pressed without signal waits on the phone (even through a reload), then goes out: the customer sees Delivered within 5 s", async () => {
    const customerContext = await newContext();
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider");
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody({ packageDescription: "Offline queue parcel" }));
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);
    await call(rider.cookie, `/api/deliveries/${delivery.id}/status`, { status: "picked_up" });

    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/tracking/${delivery.id}`);
    await hydrated(customerPage);
    await customerPage.getByText("Live", { exact: true }).waitFor();
    await expect(customerPage.getByTestId("tracking-status").textContent()).resolves.toMatch(/picked up/i);

    const page = await riderContext.newPage();
    await page.goto("/rider-dashboard");
    await hydrated(page);
    await controlled(page);
    // Loaded once under the service worker: the phone now keeps a copy of the dashboard.
    await page.reload();
    await hydrated(page);
    const item = page.locator(`#active-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await item.getByRole("button", { name: "Mark Delivered" }).waitFor();

    // Mark Delivered asks for the recipient's handover code, which the customer's page shows.
    const { handoverCode } = (await (await customerContext.request.get(`/api/deliveries/${delivery.id}`)).json()) as { handoverCode: string };
    await riderContext.setOffline(true);
    await item.getByRole("button", { name: "Mark Delivered" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark Delivered?" });
    await dialog.getByLabel("Handover code").fill(handoverCode);
    await dialog.getByRole("button", { name: "Mark Delivered" }).click();
    const waiting = item.getByTestId("waiting-signal");
    // A first try may show "Sending…" for the moment the phone takes to find there is no signal.
    await waiting.filter({ hasText: "Waiting for signal" }).filter({ hasText: "Mark Delivered" }).waitFor({ timeout: 5_000 });
    await expect(item.getByRole("button", { name: "Mark Delivered" }).isDisabled()).resolves.toBe(true);

    // A reload while offline keeps the queue: the kept page, the action still waiting.
    await page.reload();
    await hydrated(page);
    await item.getByTestId("waiting-signal").getByText("Waiting for signal").waitFor();
    // Nothing reached the server meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(customerPage.getByTestId("tracking-status").textContent()).resolves.toMatch(/picked up/i);

    await riderContext.setOffline(false);
    const back = Date.now();
    await customerPage.getByTestId("tracking-status").filter({ hasText: /^delivered$/i }).waitFor({ timeout: 5_000 });
    expect(Date.now() - back).toBeLessThan(5_000);
    await page.locator("li.toast").filter({ hasText: "Delivery status updated successfully!" }).waitFor({ timeout: 5_000 });
    await expect(page.getByTestId("waiting-signal").count()).resolves.toBe(0);
  });

  it("an action the server refuses meanwhile shows the server's message", async () => {
    const customerContext = await newContext();
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider");
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody({ packageDescription: "Refused offline" }));
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);

    const page = await riderContext.newPage();
    await page.goto(`/tracking/${delivery.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Confirm Pickup" }).waitFor();
    await riderContext.setOffline(true);
    await page.getByRole("button", { name: "Confirm Pickup" }).click();
    await page.getByTestId("waiting-signal").getByText("Waiting for signal").waitFor();

    // Meanwhile the customer cancels it.
    await call(customer.cookie, `/api/deliveries/${delivery.id}/status`, { status: "cancelled" });
    await riderContext.setOffline(false);
    const refused = page.locator("li.toast").filter({ hasText: "Failed to update delivery status" });
    await refused.waitFor({ timeout: 5_000 });
    await expect(refused.textContent()).resolves.toMatch(/cancelled/i);
    await expect(page.getByTestId("waiting-signal").count()).resolves.toBe(0);
  });
});
