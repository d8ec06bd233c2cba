import { describe, expect, it } from "vitest";
import { signInAs, signUpAs } from "./auth";
import { onScreen, useBrowser } from "./browser";
import { fillBooking } from "./booking-steps";

const { newContext } = useBrowser();

/**
 * At 360x740, an action's answer appears where the eye is (decision 0209): the settings review
 * after Save at the bottom of a long page, the price and the promo field after their buttons
 * without JavaScript; and the forms take what people type: "1,500", a typed city, a long address.
 */

describe("answers where the eye is, at 360x740", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`/admin/settings: Save at the bottom shows "Confirm and save" on the screen (${javaScriptEnabled ? "with" : "without"} JavaScript)`, {
      timeout: 90_000,
    }, async () => {
      const context = await newContext({ javaScriptEnabled });
      await signInAs(context, "09170000001");
      const page = await context.newPage();
      await page.goto("/admin/settings");
      await page.getByLabel("Base fare (₱)").fill("47.25");
      const save = page.getByRole("button", { name: "Save Settings" });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const review = page.getByTestId("settings-review");
      await review.getByText("→ ₱47.25").waitFor();
      await expect.poll(() => onScreen(review)).toBe(true);
      await expect(onScreen(review.getByRole("button", { name: "Confirm and save" }))).resolves.toBe(true);
      if (!javaScriptEnabled) expect(new URL(page.url()).hash).toBe("#settings-answer");
    });
  }

  it("/admin/settings takes an amount typed as 1,045.50", { timeout: 60_000 }, async () => {
    const context = await newContext();
    await signInAs(context, "09170000001");
    const page = await context.newPage();
    await page.goto("/admin/settings");
    await page.getByLabel("Base fare (₱)").fill("1,045.50");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByTestId("settings-review").getByText("→ ₱1,045.50").waitFor();
  });

  it("without JavaScript, See the price lands at the price; a promo that does not apply is removed and the booking is made", {
    timeout: 90_000,
  }, async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/booking");
    await fillBooking(page, "7 Jupiter St, Bel-Air");
    await page.getByRole("button", { name: "See the price" }).click();
    const price = page.getByTestId("estimate-total");
    await price.filter({ hasText: "₱136.00" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#estimate");
    await expect.poll(() => onScreen(page.locator("#estimate"))).toBe(true);

    await page.getByLabel("Promo code").fill("COOP100");
    await page.getByRole("button", { name: "Apply" }).click();
    const refused = page.getByText("COOP100 needs an order of ₱500.00 or more.", { exact: true });
    await refused.waitFor();
    expect(new URL(page.url()).hash).toBe("#promo");
    await expect(onScreen(page.locator("#promo"))).resolves.toBe(true);
    // Everything typed is still there.
    await expect(page.getByLabel("Pickup address").inputValue()).resolves.toBe("7 Jupiter St, Bel-Air");
    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByLabel("Promo code").waitFor();
    await expect(page.getByLabel("Promo code").inputValue()).resolves.toBe("");
    await expect(refused.count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Confirm Booking" }).click();
    const booked = page.getByTestId("booked");
    await booked.waitFor();
    await expect.poll(() => onScreen(booked)).toBe(true);
    await expect(booked.innerText()).resolves.toContain("Makati, Metro Manila → Quezon City, Metro Manila");
    await expect(booked.getByRole("link", { name: "Track this delivery" }).getAttribute("href")).resolves.toMatch(
      /^\/tracking\//,
    );
  });

  it("without JavaScript, a dropoff city that names no one place is refused with the places to choose from", {
    timeout: 60_000,
  }, async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/booking");
    await fillBooking(page, "8 Jupiter St, Bel-Air");
    await page.getByRole("combobox", { name: "Dropoff city" }).fill("Calamba");
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await page
      .getByText("Dropoff city must be chosen from the list (e.g., Makati, Metro Manila)", { exact: true })
      .waitFor();
    // Next to the button: the field to fix, a link to it.
    const fix = page.getByTestId("fix-list");
    await expect.poll(() => onScreen(fix)).toBe(true);
    await expect(fix.getByRole("link", { name: "Dropoff city" }).getAttribute("href")).resolves.toBe(
      "#booking-dropoffCity",
    );
    const choices = page.getByRole("group", { name: "Choose the dropoff city from the list:" });
    await choices.getByRole("radio", { name: "Calamba City, Laguna" }).check();
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await page.getByTestId("booked").waitFor();
    await expect(page.getByTestId("booked").innerText()).resolves.toContain(
      "Makati, Metro Manila → Calamba City, Laguna",
    );
  });

  it("a pasted address over the limit is kept whole and refused by its limit; an emoji counts as one character", {
    timeout: 60_000,
  }, async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/booking");
    const long = `${"12 Jupiter St, Bel-Air ".repeat(14)}`.trim();
    expect(long.length).toBeGreaterThan(300);
    await page.getByLabel("Pickup address").fill(long);
    await expect(page.getByLabel("Pickup address").inputValue()).resolves.toBe(long);
    await page.getByLabel("Pickup contact number").click();
    await page.getByText("Keep the pickup address to at most 300 characters.", { exact: true }).waitFor();

    const notes = page.getByLabel(/^Pickup notes/);
    await notes.fill(`Gate 2 🙂`);
    await page.getByText("8 of 500 characters").waitFor();
    await notes.fill("🙂".repeat(500));
    await page.getByText("500 of 500 characters").waitFor();
    await expect(notes.inputValue()).resolves.toBe("🙂".repeat(500));
  });

  it("a claim's amount typed as 9,500 is read as ₱9,500.00 (more than the demo's fund has free)", {
    timeout: 60_000,
  }, async () => {
    const context = await newContext();
    await signInAs(context, "09170000008");
    const page = await context.newPage();
    await page.goto("/coop/claims");
    await page.getByLabel("What happened", { exact: true }).selectOption("hospitalisation");
    await page.getByLabel("Amount (₱)").fill("9,500");
    await page.getByLabel("What happened, in a few lines").fill("Two nights at the Pasig clinic 🏥");
    await page.getByRole("button", { name: "File the claim" }).click();
    // Read as 9500 pesos: refused by what the fund has free (as 9.5 it would be filed), not as "not an amount".
    await page.getByText(/A new claim can be at most ₱[\d,.]+: enter ₱[\d,.]+ or less\.$/).waitFor();
    await expect(page.getByText("Enter the amount in pesos", { exact: false }).count()).resolves.toBe(0);
  });
});
