import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signInAs, signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

async function openDashboard(page: Page) {
  await page.goto("/rider-dashboard");
  await page.getByRole("heading", { name: "Rider Dashboard", level: 1 }).waitFor();
}

/** A toast (an item of the toast list), not any other live status on the page. */
const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });
const statText = (page: Page, testId: string) => page.getByTestId(testId).locator(".stat-card-value").textContent();

describe("the rider dashboard in Chromium", () => {
  it("at 360px: goes online, accepts and delivers; the customer rates 5 stars; Rating, View Earnings and Delivery History show it", async () => {
    const riderContext = await newContext();
    await signUpAs(riderContext, "rider", { firstName: "Dado", lastName: "Dalisay" });
    const page = await riderContext.newPage();
    // A controllable clock, so the 30-second polling can be shown without waiting 30 seconds.
    await page.clock.install();
    await openDashboard(page);

    // A fresh rider: nothing active, nothing delivered, no earnings yet.
    await expect(statText(page, "stat-today-earnings")).resolves.toBe("₱0.00");
    await expect(statText(page, "stat-completed-today")).resolves.toBe("0");
    // No made-up figures: a new rider has none yet.
    await expect(statText(page, "stat-rating")).resolves.toBe("No data yet");
    await expect(page.getByTestId("performance").locator("dd").allTextContents()).resolves.toEqual([
      "No data yet",
      "No data yet",
      "No data yet",
      "No data yet",
    ]);
    await expect(page.getByText("No active deliveries at the moment").isVisible()).resolves.toBe(true);
    await expect(page.getByText("No completed deliveries yet").isVisible()).resolves.toBe(true);
    for (const heading of [
      "Available Deliveries",
      "Active Deliveries",
      "Quick Actions",
      "This Week's Earnings",
      "Performance",
      "Recent Delivery History",
    ]) {
      await expect(page.getByRole("heading", { name: heading }).isVisible(), heading).resolves.toBe(true);
    }
    // New riders start offline: no available deliveries until they go online.
    await expect(page.getByTestId("online-state").textContent()).resolves.toContain("You are offline");
    await expect(
      page
        .locator("#available-deliveries")
        .getByText("You are offline. Go online to see and accept deliveries.")
        .isVisible(),
    ).resolves.toBe(true);
    await page.getByRole("button", { name: "Go Online" }).click();
    await toastWith(page, "You are online").waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Go Offline" }).waitFor({ timeout: 10_000 });
    await expect(page.getByTestId("online-state").textContent()).resolves.toContain("You are online");

    // Carla books while the dashboard is open.
    const customerContext = await newContext();
    await signInAs(customerContext, "09170000004");
    const address = `${Date.now() % 100000} Rider Test St, Poblacion`;
    const booked = await customerContext.request.post("/api/deliveries", {
      headers: { Origin: baseURL() },
      data: bookingBody({
        pickupAddress: address,
        packageSize: "medium",
        packageDescription: "Rider dashboard test parcel",
      }),
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
    await expect(
      page
        .getByTestId("stat-active-deliveries")
        .getByText(/\d+ nearby available/)
        .isVisible(),
    ).resolves.toBe(true);

    await first.getByRole("button", { name: "Accept Delivery" }).click();
    await toastWith(page, "Delivery accepted successfully!").waitFor({ timeout: 10_000 });
    const active = page.locator(`#active-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await active.waitFor({ timeout: 10_000 });
    await expect(available.filter({ hasText: address }).count()).resolves.toBe(0);
    await expect(active.locator(".status-badge").textContent()).resolves.toBe("Assigned");
    await expect(active.getByText("Mark Delivered").count()).resolves.toBe(0);
    await expect(active.getByRole("link", { name: "View Map" }).getAttribute("href")).resolves.toBe(
      `/tracking/${delivery.id}`,
    );
    await expect(statText(page, "stat-active-deliveries")).resolves.toBe("1");

    await active.getByRole("button", { name: "Confirm Pickup" }).click();
    await toastWith(page, "Delivery status updated successfully!").waitFor({ timeout: 10_000 });
    await active
      .locator(".status-badge")
      .filter({ hasText: /^Picked Up$/ })
      .waitFor({ timeout: 10_000 });
    await expect(active.getByRole("button", { name: "Confirm Pickup" }).count()).resolves.toBe(0);

    // Mark Delivered asks for the recipient's handover code (the customer's page and API show it).
    const { handoverCode } = (await (await customerContext.request.get(`/api/deliveries/${delivery.id}`)).json()) as {
      handoverCode: string;
    };
    await active.locator("summary").filter({ hasText: "Mark Delivered" }).click();
    const dialog = active.getByRole("group", { name: "Mark Delivered?" });
    await dialog.getByLabel("Handover code").fill(handoverCode);
    await dialog.getByRole("button", { name: "Mark Delivered" }).click();
    await page.getByText("No active deliveries at the moment").waitFor({ timeout: 10_000 });
    await expect(toastWith(page, "Delivery status updated successfully!").isVisible()).resolves.toBe(true);

    const row = page.locator(`#delivery-history tr[data-delivery-id="${delivery.id}"]`);
    await row.waitFor();
    await expect(page.locator("#delivery-history tbody tr").first().getAttribute("data-delivery-id")).resolves.toBe(
      delivery.id,
    );
    const cells = await row.locator("td").allTextContents();
    expect(cells[0]).toBe(`#${tail}`);
    expect(cells[1]).toBe("Makati, Metro Manila → Quezon City, Metro Manila");
    expect(cells[3]).toBe("Delivered");
    expect(cells[4]).toBe("₱132.60");
    await expect(statText(page, "stat-today-earnings")).resolves.toBe("₱132.60");
    await expect(statText(page, "stat-completed-today")).resolves.toBe("1");
    await expect(page.getByTestId("week-earnings").textContent()).resolves.toBe("₱132.60");
    // At 360px the five-column table is stacked rows: Date, Status and Earnings in sight, nothing scrolls sideways.
    const fit = await page.evaluate(() => {
      const main = document.querySelector("main.rider-dashboard")!;
      const table = document.querySelector("#delivery-history .rider-table-scroll")!;
      const cells = [...document.querySelectorAll("#delivery-history tbody tr:first-child td")].map(
        (td) => td.getBoundingClientRect().right,
      );
      // What sticks out of main, named in the failure.
      // main's content box; a descendant past it by half a pixel or more is what a rider would see.
      const limit = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight) + 0.5;
      const outside = [...main.querySelectorAll("*")]
        .filter((element) => element.getBoundingClientRect().right > limit)
        .map(
          (element) => `${element.tagName.toLowerCase()}.${element.className} ${element.getBoundingClientRect().right}`,
        );
      return {
        mainRight: main.getBoundingClientRect().right,
        tableScrolls: table.scrollWidth > table.clientWidth,
        cellsRight: Math.max(...cells),
        outside,
      };
    });
    expect(fit.mainRight).toBeLessThanOrEqual(360);
    // (Measured by boxes, not scrollWidth: at 360px main's scrollWidth can round 1px above its width
    // with every descendant inside its content box.)
    expect(fit.outside).toEqual([]);
    expect(fit.tableScrolls).toBe(false);
    expect(fit.cellsRight).toBeLessThanOrEqual(360);
    await expect(row.locator("td").nth(4).isVisible()).resolves.toBe(true);

    // The customer's Recent Bookings shows it Delivered, with a way to rate it.
    const customerPage = await customerContext.newPage();
    await customerPage.goto("/booking");
    const booking = customerPage.locator(`#recent-bookings .recent-item[data-delivery-id="${delivery.id}"]`);
    await booking.waitFor();
    await expect(booking.locator(".status-badge").textContent()).resolves.toBe("Delivered");
    await expect(booking.getByRole("button", { name: "Rate Delivery" }).isVisible()).resolves.toBe(true);

    // The customer rates it on the tracking page: 5 stars and a comment; the timeline shows what happened, in Manila time.
    await customerPage.goto(`/tracking/${delivery.id}`);
    const timeline = customerPage.getByTestId("timeline");
    await timeline.waitFor();
    await expect(
      timeline.locator("li").evaluateAll((items) => items.map((li) => li.getAttribute("data-kind"))),
    ).resolves.toEqual(["booked", "accepted", "picked_up", "delivered"]);
    // (The rating form itself is the customer's pages' test: rated here through its API.)
    const rated = await customerContext.request.post(`/api/deliveries/${delivery.id}/rating`, {
      headers: { Origin: baseURL() },
      data: { stars: 5, comment: "Maingat at mabilis, salamat!" },
    });
    expect(rated.status()).toBe(201);
    await customerPage.reload();
    const ratingCard = customerPage.getByTestId("delivery-rating");
    await ratingCard.getByRole("img", { name: "Rated 5 out of 5" }).waitFor({ timeout: 10_000 });
    await expect(ratingCard.getByText("Maingat at mabilis, salamat!").isVisible()).resolves.toBe(true);
    await customerPage.goto("/booking");
    await expect(booking.getByRole("img", { name: "Rated 5 out of 5" }).isVisible()).resolves.toBe(true);
    await expect(booking.getByRole("button", { name: "Rate Delivery" }).count()).resolves.toBe(0);

    // The rider's Rating card now shows the new figure, computed from that rating.
    await openDashboard(page);
    await expect(statText(page, "stat-rating")).resolves.toBe("5.0");
    await expect(page.getByTestId("stat-rating").getByText("1 rating, last 90 days").isVisible()).resolves.toBe(true);

    // View Earnings and Delivery History open from Quick Actions and list the delivery.
    await page.getByRole("link", { name: "View Earnings" }).click();
    await page.getByRole("heading", { name: "Your Earnings", level: 1 }).waitFor();
    await expect(page.getByTestId("earnings-today").locator(".stat-card-value").textContent()).resolves.toBe("₱132.60");
    const earned = page.locator(`[data-testid="earnings-days"] [data-delivery-id="${delivery.id}"]`);
    await expect(earned.textContent()).resolves.toContain("₱132.60");
    await expect(
      page.getByText("Mean stars from customers for your deliveries in the last 90 days (1 rating).").isVisible(),
    ).resolves.toBe(true);
    await page.getByRole("link", { name: "← Rider Dashboard" }).click();
    await page.getByRole("link", { name: "Delivery History" }).click();
    await page.getByRole("heading", { name: "Delivery History", level: 1 }).waitFor();
    const entry = page.locator(`[data-testid="history-list"] [data-delivery-id="${delivery.id}"]`);
    await expect(entry.textContent()).resolves.toContain("Delivered");
    await expect(entry.getByRole("img", { name: "Rated 5 out of 5" }).isVisible()).resolves.toBe(true);
    for (const url of ["/rider/earnings", "/rider/history"]) {
      await page.goto(url);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
  }, 120_000); // two people, a whole delivery and a dozen pages: the other long journeys have their own limits too

  it("gives back a delivery with Can't make it, after a confirmation", async () => {
    const context = await newContext();
    await signUpAs(context, "rider");
    const page = await context.newPage();
    await openDashboard(page);
    const customerContext = await newContext();
    await signUpAs(customerContext, "user");
    const booked = await customerContext.request.post("/api/deliveries", {
      headers: { Origin: baseURL() },
      data: bookingBody({ packageDescription: "Released in the browser test" }),
    });
    expect(booked.status()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    await page.getByRole("button", { name: "Go Online" }).click();
    const offered = page.locator(`#available-deliveries .rider-item[data-delivery-id="${id}"]`);
    await offered.waitFor({ timeout: 10_000 });
    await offered.getByRole("button", { name: "Accept Delivery" }).click();
    const active = page.locator(`#active-deliveries .rider-item[data-delivery-id="${id}"]`);
    await active.waitFor({ timeout: 10_000 });
    const cantMakeIt = active.locator("summary").filter({ hasText: "Can't make it" });
    await cantMakeIt.click();
    // Nothing happens until confirmed; "Keep it" keeps it.
    await active.getByRole("button", { name: "Keep it" }).click();
    await expect(active.getByRole("button", { name: "Yes, release it" }).isVisible()).resolves.toBe(false);
    await cantMakeIt.click();
    await active.getByRole("button", { name: "Yes, release it" }).click();
    await toastWith(page, "Delivery released").waitFor({ timeout: 10_000 });
    await page.locator(`#available-deliveries .rider-item[data-delivery-id="${id}"]`).waitFor({ timeout: 10_000 });
    await expect(page.locator(`#active-deliveries [data-delivery-id="${id}"]`).count()).resolves.toBe(0);
  });

  it("on a logged-out action says 'Unauthorized' and goes to the sign-in page", async () => {
    const context = await newContext();
    await signUpAs(context, "rider");
    const page = await context.newPage();
    await openDashboard(page);
    await expect(page.getByRole("button", { name: "Refresh" }).isVisible()).resolves.toBe(true);
    // A delivery of its own to accept (other files take or cancel what else is pending).
    const customerContext = await newContext();
    await signUpAs(customerContext, "user");
    const booked = await customerContext.request.post("/api/deliveries", {
      headers: { Origin: baseURL() },
      data: bookingBody({ packageDescription: "Logged-out accept test" }),
    });
    expect(booked.status()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    await page.getByRole("button", { name: "Go Online" }).click();
    const accept = page
      .locator(`#available-deliveries .rider-item[data-delivery-id="${id}"]`)
      .getByRole("button", { name: "Accept Delivery" });
    await accept.waitFor({ timeout: 10_000 });
    await context.clearCookies();
    await accept.click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Unauthorized" })
      .filter({ hasText: "You are logged out. Logging in again..." })
      .waitFor({ timeout: 5_000 });
    await page.waitForURL((url) => url.pathname === "/", { timeout: 5_000 });
    await page.getByRole("heading", { name: "Get Started" }).waitFor({ timeout: 5_000 });
  });
});
