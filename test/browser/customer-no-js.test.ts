import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { call, useBrowser } from "./browser";
import { fillBooking } from "./booking-steps";

const { newContext } = useBrowser();

/**
 * The customer's forms with JavaScript DISABLED: booking (the price seen first with
 * "See the price"), a refusal with its message, cancelling and rating, each a plain form
 * post answered by the server.
 */
describe("a customer's forms without JavaScript", () => {
  it("books (the price first), is told what is missing, and cancels", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/booking");
    await page.getByRole("heading", { name: "Book a Delivery" }).waitFor();

    // A refusal: the empty pickup address, in the catalog's words, and nothing booked.
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await page.getByText("Pickup address is required", { exact: true }).waitFor();
    await expect(page.getByText("Package description is required", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.locator("#recent-bookings .recent-item").count()).resolves.toBe(0);

    const address = `${Date.now() % 100000} Jupiter St, Bel-Air`;
    await fillBooking(page, address);
    await page.getByRole("button", { name: "See the price" }).click();
    await page.getByTestId("estimate-total").filter({ hasText: "₱136.00" }).waitFor();
    await expect(page.getByTestId("estimate-distance").textContent()).resolves.toBe("about 11.6 km");
    // The form kept what was typed, the city as the list names it.
    await expect(page.getByLabel("Pickup address").inputValue()).resolves.toBe(address);
    await expect(page.getByRole("combobox", { name: "Pickup city" }).inputValue()).resolves.toBe(
      "Makati, Metro Manila",
    );

    await page.getByRole("button", { name: "Confirm Booking" }).click();
    const first = page.locator("#recent-bookings .recent-item").first();
    await first.getByText(address, { exact: false }).waitFor();
    await expect(first.locator(".status-badge").textContent()).resolves.toBe("Pending");
    await expect(page.locator("#recent-bookings .recent-item").count()).resolves.toBe(1);
    // A fresh form for the next booking.
    await expect(page.getByLabel("Pickup address").inputValue()).resolves.toBe("");

    // The success toast, rendered by the server; it is shown once (the next page has none).
    await page.getByText("Delivery booking created successfully!").waitFor();
    await page.goto("/booking");
    await expect(page.getByText("Delivery booking created successfully!").count()).resolves.toBe(0);

    // Cancel: the disclosure opens without JavaScript and shows the fee; confirming posts it.
    await first.getByRole("button", { name: "Cancel", exact: true }).click();
    await first.getByTestId("cancellation-fee").filter({ hasText: "₱0.00" }).waitFor();
    await first.getByRole("button", { name: "Cancel Delivery" }).click();
    await page
      .locator("#recent-bookings .recent-item")
      .first()
      .locator(".status-badge")
      .filter({ hasText: "Cancelled" })
      .waitFor();
    await expect(page.locator("#recent-bookings .recent-item").count()).resolves.toBe(1);
  });

  it("rates a delivered delivery on its tracking page, and is told when no star was chosen", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const customer = await signUpAs(context, "user");
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider");
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody());
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);
    for (const status of ["picked_up", "in_transit", "delivered"])
      await call(rider.cookie, `/api/deliveries/${delivery.id}/status`, { status });

    const page = await context.newPage();
    await page.goto(`/tracking/${delivery.id}`);
    const rating = page.getByTestId("delivery-rating");
    await rating.getByRole("button", { name: "Submit Rating" }).click();
    await page.getByTestId("delivery-rating").getByText("Choose a rating from 1 to 5 stars.").waitFor();

    await page.getByTestId("delivery-rating").getByLabel("4 stars").check();
    await page.getByTestId("delivery-rating").getByLabel("Comment").fill("Maingat at mabilis");
    await page.getByTestId("delivery-rating").getByRole("button", { name: "Submit Rating" }).click();
    await page.getByTestId("rating-given").waitFor();
    await expect(page.getByRole("img", { name: "Rated 4 out of 5" }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("rating-given").textContent()).resolves.toContain("Maingat at mabilis");
  });

  it("cancels on the tracking page", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const customer = await signUpAs(context, "user");
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody());
    const page = await context.newPage();
    await page.goto(`/tracking/${delivery.id}`);
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByTestId("cancellation-quote").waitFor();
    await page.getByRole("button", { name: "Cancel Delivery" }).click();
    await page.getByTestId("tracking-status").filter({ hasText: "cancelled" }).waitFor();
    await expect(page.getByRole("button", { name: "Cancel", exact: true }).count()).resolves.toBe(0);
  });
});
