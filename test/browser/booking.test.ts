import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs, signUpAs } from "./auth";
import { onScreen, useBrowser } from "./browser";
import { raiseToast, scriptsRan } from "./scripts-ran";

const { newContext } = useBrowser();

async function openBooking(page: Page) {
  await page.goto("/booking");
  await page.getByRole("heading", { name: "Book a Delivery" }).waitFor();
}

describe("booking a delivery in Chromium", () => {
  it("books Makati to Quezon City as Carla: city-centre estimate, success toast, top of Your Recent Bookings", async () => {
    const context = await newContext();
    await signInAs(context, "09170000004");
    const page = await context.newPage();
    await openBooking(page);
    const address = `${Date.now() % 100000} Jupiter St, Bel-Air`;

    await expect(page.getByRole("heading", { name: "Estimated Cost" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Riders receive 85% of every delivery fee").isVisible()).resolves.toBe(true);

    await page.getByLabel("Pickup address").fill(address);
    // Pick with the mouse: type, then click the option.
    await page.getByRole("combobox", { name: "Pickup city" }).fill("makati");
    await page.getByRole("option", { name: "Makati, Metro Manila" }).click();
    await page.getByLabel("Pickup contact number").fill("09171234567");

    await page.getByLabel("Dropoff address").fill("45 Katipunan Ave, Loyola Heights");
    // Pick with the keyboard: type, arrow to the first match, Enter.
    const dropoffCity = page.getByRole("combobox", { name: "Dropoff city" });
    await dropoffCity.focus();
    await page.keyboard.type("quezon ci");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(dropoffCity.inputValue()).resolves.toBe("Quezon City, Metro Manila");
    await page.getByLabel("Dropoff contact number").fill("+639181234567");
    await page.getByLabel("Package description").fill("Signed contract in a brown envelope");
    await page.getByLabel("Package description").blur();

    // Centres 14.55,121.03 and 14.63,121.03, road factor 1.3: 11.6 km, not a fixed 3.2.
    // No geocoder here, so the points are city centres and the estimate says "about".
    const distance = page.getByTestId("estimate-distance");
    await distance.filter({ hasText: /^about 11\.6 km$/ }).waitFor();
    await expect(page.getByTestId("estimate-time").textContent()).resolves.toBe("about 24 mins");
    await expect(page.getByTestId("estimate-total").textContent()).resolves.toBe("₱136.00");
    await expect(page.getByText("24 mins").isVisible()).resolves.toBe(true);

    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Delivery booking created successfully!" })
      .waitFor({ timeout: 10_000 });

    const first = page.locator("#recent-bookings .recent-item").first();
    await first.getByText(address, { exact: false }).waitFor({ timeout: 10_000 });
    // The new booking where the eye is (the page's top, not 2,500 px down), with a link that says what it does.
    const id = (await first.getAttribute("data-delivery-id"))!;
    const booked = page.getByTestId("booked");
    await expect.poll(() => onScreen(booked)).toBe(true);
    await expect(booked.getByRole("heading").textContent()).resolves.toBe(`Booked: #${id.slice(-8)}`);
    await expect(
      booked.getByText("Makati, Metro Manila → Quezon City, Metro Manila · ₱136.00 · Cash").isVisible(),
    ).resolves.toBe(true);
    await expect(booked.getByRole("link", { name: "Track this delivery" }).getAttribute("href")).resolves.toBe(
      `/tracking/${id}`,
    );
    await expect(first.getByRole("link", { name: `Track #${id.slice(-8)}` }).getAttribute("href")).resolves.toBe(
      `/tracking/${id}`,
    );
    await expect(first.locator(".status-badge").textContent()).resolves.toBe("Pending");
    await expect(first.getByText(`${address}, Makati, Metro Manila`).isVisible()).resolves.toBe(true);
    await expect(
      first.getByText("45 Katipunan Ave, Loyola Heights, Quezon City, Metro Manila").isVisible(),
    ).resolves.toBe(true);
    await expect(first.getByText("₱136.00").isVisible()).resolves.toBe(true);
    await expect(page.locator("#recent-bookings .recent-item").count()).resolves.toBeLessThanOrEqual(5);

    // The form is reset for the next booking.
    await expect(page.getByLabel("Pickup address").inputValue()).resolves.toBe("");
    await expect(page.getByRole("combobox", { name: "Pickup city" }).inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Small (Envelope)").isChecked()).resolves.toBe(true);
  });

  it("names every missing field with its message and books nothing", async () => {
    const context = await newContext();
    await signInAs(context, "09170000004");
    const page = await context.newPage();
    await openBooking(page);
    const before = await page.locator("#recent-bookings .recent-item").count();
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    for (const message of [
      "Pickup address is required",
      "Pickup city is required",
      "Pickup contact number is required",
      "Dropoff address is required",
      "Dropoff city is required",
      "Dropoff contact number is required",
      "Package description is required",
    ]) {
      await page.getByText(message, { exact: true }).waitFor({ timeout: 5_000 });
    }
    await expect(page.locator("#recent-bookings .recent-item").count()).resolves.toBe(before);
  });

  it("on an expired session says 'Session Expired' and goes back to the sign-in page", async () => {
    const context = await newContext();
    await signInAs(context, "09170000004");
    const page = await context.newPage();
    await openBooking(page);
    await page.getByLabel("Pickup address").fill("1 Ayala Ave");
    await page.getByRole("combobox", { name: "Pickup city" }).fill("Makati");
    await page.keyboard.press("Enter");
    await page.getByLabel("Pickup contact number").fill("09171234567");
    await page.getByLabel("Dropoff address").fill("2 Ayala Ave");
    await page.getByRole("combobox", { name: "Dropoff city" }).fill("Makati");
    await page.keyboard.press("Enter");
    await page.getByLabel("Dropoff contact number").fill("09171234568");
    await page.getByLabel("Package description").fill("Keys");
    await page.getByLabel("Package description").blur();
    // Same city, no geocoder: the 3.2 km fallback.
    await page
      .getByTestId("estimate-distance")
      .filter({ hasText: /^about 3\.2 km$/ })
      .waitFor();

    await context.clearCookies();
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Session Expired" })
      .filter({ hasText: "Please log in again" })
      .waitFor({ timeout: 5_000 });
    await page.waitForURL((url) => url.pathname === "/", { timeout: 5_000 });
    await page.getByRole("heading", { name: "Book a Delivery" }).waitFor({ state: "detached", timeout: 5_000 });
  });

  it("on a phone, a city typed but not chosen stays, says so with the places listed under it; Confirm Booking's answer is next to the button", {
    timeout: 90_000,
  }, async () => {
    const context = await newContext({ hasTouch: true });
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Booking" });
    const page = await context.newPage();
    await openBooking(page);
    await scriptsRan(page);
    await page.getByLabel("Pickup address").fill("1 Ayala Ave, Bel-Air");
    await page.getByRole("combobox", { name: "Pickup city" }).tap();
    await page.keyboard.type("makati");
    await page.getByRole("option", { name: "Makati, Metro Manila" }).tap();
    await page.getByLabel("Pickup contact number").fill("09171234567");
    await page.getByLabel("Dropoff address").fill("12 Real St, Barangay Uno");
    // Calamba City, Laguna is on the list (the rebuilt city data).
    const dropoffCity = page.getByRole("combobox", { name: "Dropoff city" });
    await dropoffCity.tap();
    await page.keyboard.type("Calamba");
    await page.getByRole("option", { name: "Calamba City, Laguna" }).waitFor();
    // Leaves the field (the open list covers the fields below it).
    await page.getByLabel("Dropoff address").tap();
    // Not chosen: "Calamba" is also Calamba, Misamis Occidental. Kept as typed, and said, with the places.
    await expect(dropoffCity.inputValue()).resolves.toBe("Calamba");
    await page
      .getByText("Dropoff city must be chosen from the list (e.g., Makati, Metro Manila)", { exact: true })
      .waitFor();
    const choices = page.getByRole("group", { name: "Choose the dropoff city from the list:" });
    await expect.poll(() => onScreen(choices)).toBe(true);
    await expect(
      choices.getByRole("radio").evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value)),
    ).resolves.toEqual(["Calamba City, Laguna", "Calamba, Misamis Occidental"]);
    await page.getByLabel("Dropoff contact number").fill("09181234567");
    await page.getByLabel("Package description").fill("House keys");

    // Confirm Booking with the city still not chosen: the page goes to the field, which says so, with the places.
    const confirm = page.getByRole("button", { name: "Confirm Booking" });
    await confirm.tap();
    await expect.poll(() => dropoffCity.evaluate((box) => box === document.activeElement)).toBe(true);
    await expect.poll(() => onScreen(dropoffCity)).toBe(true);
    await expect(onScreen(choices)).resolves.toBe(true);
    // The same answer by the button, for a glance back at it: the field to fix, a link to it.
    await expect(page.getByTestId("fix-list").textContent()).resolves.toBe("Check this field:Dropoff city");
    await expect(
      page.getByTestId("fix-list").getByRole("link", { name: "Dropoff city" }).getAttribute("href"),
    ).resolves.toBe("#booking-dropoffCity");
    const radio = choices.getByRole("radio", { name: "Calamba City, Laguna" });
    await radio.tap();
    await expect.poll(() => dropoffCity.inputValue()).toBe("Calamba City, Laguna");
    await choices.waitFor({ state: "detached" });
    await expect(
      page.getByText("Dropoff city must be chosen from the list (e.g., Makati, Metro Manila)").count(),
    ).resolves.toBe(0);
    await page
      .getByTestId("estimate-distance")
      .filter({ hasText: /^about \d+(\.\d)? km$/ })
      .waitFor();
    await confirm.tap();
    const booked = page.getByTestId("booked");
    await booked.waitFor({ timeout: 10_000 });
    await expect.poll(() => onScreen(booked)).toBe(true);
    await expect(booked.innerText()).resolves.toContain("Makati, Metro Manila → Calamba City, Laguna");
  });
});
