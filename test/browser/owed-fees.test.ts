import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { adminCookie, signUpAs } from "./auth";
import { fillBookingPickingCities } from "./booking-steps";
import { call, useBrowser } from "./browser";

const { newContext } = useBrowser();

const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });

/**
 * docs/guide/money.md#owed-fees (decision 0217), at 360px.
 * The fee is charged through the admin's cancellation (a customer's own fee needs the booking to be
 * 2 minutes old; the dialog's fee is covered by co-op-operations.test.ts).
 */
describe("an unpaid cancellation fee at 360px", () => {
  it("a cash customer's fee shows as its own line on the next booking, is paid with that fare, and only then reaches the rider's ledger", {
    timeout: 120_000,
  }, async () => {
    const customerContext = await newContext();
    const customer = await signUpAs(customerContext, "user", {
      firstName: "Owing",
      lastName: `Customer${Date.now() % 10000}`,
    });
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider", { firstName: "Held", lastName: `Rider${Date.now() % 10000}` });

    // A cash booking the rider accepted, cancelled with a ₱20 fee: nothing was paid, so it is owed.
    await call(rider.cookie, "/api/rider/availability", { online: true });
    const first = await call(customer.cookie, "/api/deliveries", bookingBody({ paymentMethod: "cash" }));
    await call(rider.cookie, `/api/deliveries/${first.id}/accept`);
    await call(await adminCookie(), `/api/admin/deliveries/${first.id}/cancel`, {
      reason: "Customer not at the pickup",
      fee: 20,
    });

    const riderPage = await riderContext.newPage();
    await riderPage.goto("/rider/earnings");
    await expect(riderPage.getByTestId("ledger-entries").locator('li[data-kind="share"]').count()).resolves.toBe(0);

    // The customer books again: the estimate shows the fee as its own line, in the total.
    const page = await customerContext.newPage();
    await page.goto("/booking");
    await fillBookingPickingCities(page, `${Date.now() % 100000} Jupiter St, Bel-Air`, "Second try");
    await page
      .getByTestId("estimate-total")
      .filter({ hasText: /^₱156\.00$/ })
      .waitFor();
    await expect(page.getByTestId("estimate-owed-fee").textContent()).resolves.toBe("₱20.00");
    await expect(page.getByText("Unpaid cancellation fee").isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await toastWith(page, "Delivery booking created successfully!").waitFor();

    // Its tracking page (the receipt) shows the line and the cash to pay the rider.
    const [second] = (await (await customerContext.request.get("/api/deliveries/my")).json()) as { id: string }[];
    await page.goto(`/tracking/${second!.id}`);
    await expect(page.getByTestId("payment-owed-fee").textContent()).resolves.toBe("₱20.00");
    await expect(page.getByTestId("payment-amount").textContent()).resolves.toBe("₱156.00");

    // The rider delivers it and collects ₱156 cash: now the ₱20 fee's share (₱17) is theirs.
    const { handoverCode } = (await (await customerContext.request.get(`/api/deliveries/${second!.id}`)).json()) as {
      handoverCode: string;
    };
    await call(rider.cookie, `/api/deliveries/${second!.id}/accept`);
    await call(rider.cookie, `/api/deliveries/${second!.id}/status`, { status: "picked_up" });
    await call(rider.cookie, `/api/deliveries/${second!.id}/status`, { status: "delivered", handoverCode });
    await riderPage.reload();
    const feeShare = riderPage
      .getByTestId("ledger-entries")
      .locator('li[data-kind="share"]')
      .filter({ hasText: "Cancellation fee" });
    await expect(feeShare.textContent()).resolves.toContain("₱17.00");
    await expect(
      riderPage.getByTestId("ledger-entries").locator('li[data-kind="cash_collected"]').textContent(),
    ).resolves.toContain("₱156.00");
  });
});
