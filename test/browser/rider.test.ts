import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signInAs, signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

async function openDashboard(page: Page) {
  await page.goto("/rider-dashboard");
  await page.getByRole("heading", { name: "Rider Dashboard", level: 1 }).waitFor();
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
}

const toastWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const statText = (page: Page, testId: string) => page.getByTestId(testId).locator(".rider-stat-value").textContent();

describe("the rider dashboard in Chromium", () => {
  it("takes a newly booked delivery from Available Deliveries to Recent Delivery History and Today's Earnings", async () => {
    const riderContext = await newContext();
    await signUpAs(riderContext, "rider", { firstName: "Dado", lastName: "Dalisay" });
    const page = await riderContext.newPage();
    // A controllable clock, so the 30-second polling can be shown without waiting 30 seconds.
    await page.clock.install();
    await openDashboard(page);

    // A fresh rider: nothing active, nothing delivered, no earnings yet.
    await expect(statText(page, "stat-today-earnings")).resolves.toBe("₱0.00");
    await expect(statText(page, "stat-completed-today")).resolves.toBe("0");
    await expect(statText(page, "stat-rating")).resolves.toBe("4.8");
    await expect(page.getByText("No active deliveries at the moment").isVisible()).resolves.toBe(true);
    await expect(page.getByText("No completed deliveries yet").isVisible()).resolves.toBe(true);
    for (const heading of ["Available Deliveries", "Active Deliveries", "Quick Actions", "This Week's Earnings", "Performance", "Recent Delivery History"]) {
      await expect(page.getByRole("heading", { name: heading }).isVisible(), heading).resolves.toBe(true);
    }
    await expect(page.getByRole("button", { name: "Go Online" }).isDisabled()).resolves.toBe(true);

    // Carla books while the dashboard is open.
    const customerContext = await newContext();
    await signInAs(customerContext, "09170000004");
    const address = `${Date.now() % 100000} Rider Test St, Poblacion`;
    const booked = await customerContext.request.post("/api/deliveries", {
      headers: { Origin: baseURL() },
      data: bookingBody({ pickupAddress: address, packageSize: "medium", packageDescription: "Rider dashboard test parcel" }),
    });
    expect(booked.status()).toBe(201);
    const delivery = (await booked.json()) as { id: string; totalFee: number };
    expect(delivery.totalFee).toBe(156); // ₱156.00, so the rider's 85% is ₱132.60
    const tail = delivery.id.slice(-8);

    // The list polls every 30 s: the new booking appears without a click, at the top (no position yet: newest first).
    const available = page.locator("#available-deliveries .rider-item");
    await expect(available.filter({ hasText: address }).count()).resolves.toBe(0);
    await page.clock.runFor(30_000);
    await available.filter({ hasText: address }).waitFor({ timeout: 10_000 });
    const first = available.first();
    await expect(first.getAttribute("data-delivery-id")).resolves.toBe(delivery.id);
    await expect(first.getByText("₱132.60").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("stat-active-deliveries").getByText(/\d+ nearby available/).isVisible()).resolves.toBe(true);

    await first.getByRole("button", { name: "Accept Delivery" }).click();
    await toastWith(page, "Delivery accepted successfully!").waitFor({ timeout: 10_000 });
    const active = page.locator(`#active-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await active.waitFor({ timeout: 10_000 });
    await expect(available.filter({ hasText: address }).count()).resolves.toBe(0);
    await expect(active.locator(".status-badge").textContent()).resolves.toBe("Assigned");
    await expect(active.getByRole("button", { name: "Mark Delivered" }).count()).resolves.toBe(0);
    await expect(active.getByRole("link", { name: "View Map" }).getAttribute("href")).resolves.toBe(`/tracking/${delivery.id}`);
    await expect(statText(page, "stat-active-deliveries")).resolves.toBe("1");

    await active.getByRole("button", { name: "Confirm Pickup" }).click();
    await toastWith(page, "Delivery status updated successfully!").waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      (id) => document.querySelector(`#active-deliveries [data-delivery-id="${id}"] .status-badge`)?.textContent === "Picked Up",
      delivery.id,
    );
    await expect(active.getByRole("button", { name: "Confirm Pickup" }).count()).resolves.toBe(0);

    await active.getByRole("button", { name: "Mark Delivered" }).click();
    await page.getByText("No active deliveries at the moment").waitFor({ timeout: 10_000 });
    await expect(toastWith(page, "Delivery status updated successfully!").isVisible()).resolves.toBe(true);

    const row = page.locator(`#delivery-history tr[data-delivery-id="${delivery.id}"]`);
    await row.waitFor();
    await expect(page.locator("#delivery-history tbody tr").first().getAttribute("data-delivery-id")).resolves.toBe(delivery.id);
    const cells = await row.locator("td").allTextContents();
    expect(cells[0]).toBe(`#${tail}`);
    expect(cells[1]).toBe("Makati, Metro Manila → Quezon City, Metro Manila");
    expect(cells[3]).toBe("Delivered");
    expect(cells[4]).toBe("₱132.60");
    await expect(statText(page, "stat-today-earnings")).resolves.toBe("₱132.60");
    await expect(statText(page, "stat-completed-today")).resolves.toBe("1");
    await expect(page.getByTestId("week-earnings").textContent()).resolves.toBe("₱132.60");
    // At 360px the five-column table scrolls inside its card; the dashboard itself stays within the screen.
    const fit = await page.evaluate(() => {
      const main = document.querySelector("main.rider-dashboard")!;
      const table = document.querySelector("#delivery-history .rider-table-scroll")!;
      return { mainRight: main.getBoundingClientRect().right, mainOverflow: main.scrollWidth - main.clientWidth, tableScrolls: table.scrollWidth > table.clientWidth };
    });
    expect(fit.mainRight).toBeLessThanOrEqual(360);
    expect(fit.mainOverflow).toBeLessThanOrEqual(0);
    expect(fit.tableScrolls).toBe(true);

    // The customer's Recent Bookings shows it Delivered.
    const customerPage = await customerContext.newPage();
    await customerPage.goto("/booking");
    const booking = customerPage.locator(`#recent-bookings .recent-item[data-delivery-id="${delivery.id}"]`);
    await booking.waitFor();
    await expect(booking.locator(".status-badge").textContent()).resolves.toBe("Delivered");
  });

  it("on a logged-out action says 'Unauthorized' and goes to the sign-in page", async () => {
    const context = await newContext();
    await signUpAs(context, "rider");
    const page = await context.newPage();
    await openDashboard(page);
    await expect(page.getByRole("button", { name: "Refresh" }).isVisible()).resolves.toBe(true);
    const accept = page.locator("#available-deliveries").getByRole("button", { name: "Accept Delivery" }).first();
    await accept.waitFor(); // the demo data always has pending deliveries
    await context.clearCookies();
    await accept.click();
    await page.getByRole("alert").filter({ hasText: "Unauthorized" }).filter({ hasText: "You are logged out. Logging in again..." }).waitFor({ timeout: 5_000 });
    await page.waitForURL((url) => url.pathname === "/", { timeout: 5_000 });
    await page.getByRole("heading", { name: "Get Started" }).waitFor({ timeout: 5_000 });
  });
});
