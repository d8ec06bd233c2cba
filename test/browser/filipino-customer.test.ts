import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { freshPhoneNumber, outboxMessage, signUpAs, toInternational } from "./auth";
import { call, useBrowser } from "./browser";
import { openBell } from "./top-nav";
import { expectAllFilipino, filipinoContext } from "./filipino";

const { newContext } = useBrowser();

/** A page of the app, with its scripts in (the bell, the live estimate and the socket need them). */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
}

describe("a customer's pages in Filipino at 360px", () => {
  it("show no English they have a Filipino translation for: home, bell, booking, tracking, recipient link, settings, 404", async () => {
    const context = await filipinoContext(newContext);
    const customer = await signUpAs(context, "user", { firstName: "Maricel", lastName: "Dizon" });
    const page = await context.newPage();

    // Home with no booking yet, and the bell's panel open.
    await visit(page, "/");
    await page.getByRole("heading", { name: "Mabuhay, Maricel!" }).waitFor();
    await page.getByText("Wala ka pang booking").first().waitFor();
    await expectAllFilipino(page, "/ (no booking)");
    await openBell(page);
    // The panel says "Naglo-load…" until the list arrives, then that there is nothing yet.
    await page.locator("#notification-panel .notification-empty", { hasText: "Wala pang notification." }).waitFor();
    await expectAllFilipino(page, "/ (bell open)");
    await page.keyboard.press("Escape");

    // The booking form: a rule broken (in Filipino through the server catalog) and a price quoted.
    await visit(page, "/booking");
    await page.getByRole("button", { name: "Kumpirmahin ang booking" }).click();
    await page.getByText("Kailangan ang pickup address").waitFor();
    await page.getByRole("combobox", { name: "Pickup city" }).fill("makati");
    await page.getByRole("option", { name: "Makati, Metro Manila" }).click();
    await page.getByRole("combobox", { name: "Dropoff city" }).fill("quezon ci");
    await page.getByRole("option", { name: "Quezon City, Metro Manila" }).click();
    await page
      .getByTestId("estimate-total")
      .filter({ hasText: /^₱136\.00$/ })
      .waitFor();
    await page.getByText("Tantyang oras").waitFor();
    await expectAllFilipino(page, "/booking (error and quote)");

    // A booking a rider has accepted, with a position: the home list, the cancel dialog, the tracking page.
    const dropoffPhone = freshPhoneNumber();
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody({ dropoffPhone }));
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider", { firstName: "Jomar", lastName: "Reyes" });
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);
    await call(rider.cookie, `/api/deliveries/${delivery.id}/location`, { latitude: 14.56, longitude: 121.03 });

    await visit(page, "/");
    await page.getByTestId("home-recent").waitFor();
    await expect(page.getByTestId("home-recent").locator(".status-badge").textContent()).resolves.toBe("May rider na");
    await expectAllFilipino(page, "/ (with a booking)");

    await visit(page, "/booking");
    const first = page.locator("#recent-bookings .recent-item").first();
    await first.getByRole("button", { name: "I-cancel", exact: true }).click();
    await first.getByTestId("cancellation-quote").waitFor();
    await expectAllFilipino(page, "/booking (cancel form open)");
    await first.getByRole("button", { name: "I-cancel", exact: true }).click();

    await visit(page, "/tracking");
    await page.getByText("Mali ang tracking link ng delivery").waitFor();
    await expectAllFilipino(page, "/tracking");

    await visit(page, `/tracking/${delivery.id}`);
    await page.getByTestId("who-is-coming").waitFor();
    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("may rider na");
    await page.getByTestId("connection-badge").filter({ hasText: "Live" }).waitFor({ timeout: 10_000 });
    await page.getByTestId("last-heard").waitFor();
    await expect(page.getByTestId("last-heard").textContent()).resolves.toMatch(
      /^Huling signal \d+ (s|min) na ang nakalipas$/,
    );
    await expectAllFilipino(page, `/tracking/${delivery.id}`);

    // The recipient's public link, opened by someone with no account who reads Filipino.
    const { link } = await outboxMessage(toInternational(dropoffPhone));
    const recipient = await (await filipinoContext(newContext)).newPage();
    await visit(recipient, new URL(link!).pathname);
    await recipient.getByTestId("recipient-rider").filter({ hasText: "Jomar" }).waitFor();
    await expect(recipient.getByTestId("recipient-status").textContent()).resolves.toBe("May rider na");
    await expectAllFilipino(recipient, "/t/{token}");
    await visit(recipient, "/t/walang-ganitong-link");
    await recipient.getByRole("heading", { name: "Hindi makita ang tracking link" }).waitFor();
    await expectAllFilipino(recipient, "/t/{wrong token}");

    await visit(page, "/settings");
    await page.getByRole("heading", { name: "Personal na impormasyon" }).waitFor();
    await page.getByTestId("id-discount-status").or(page.getByText("Uri ng ID")).first().waitFor();
    await expectAllFilipino(page, "/settings");

    const response = await page.goto("/wala/ganitong/page");
    expect(response?.status()).toBe(404);
    await expectAllFilipino(page, "404");
  });
});
