import { openMenu } from "./top-nav";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminCookie, freshPhoneNumber, outboxMessage, signInAs, toInternational } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** A toast (an item of the toast list), not any other live status on the page. */
const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });

describe("the co-op's operations at 360px", () => {
  it("someone applies on /become-rider, the admin approves on Manage Riders, the applicant signs in and opens the Rider Dashboard", async () => {
    const mobile = freshPhoneNumber();
    const applicant = await (await newContext()).newPage();
    await applicant.goto("/become-rider");
    await applicant.getByLabel("First Name").fill("Juana");
    await applicant.getByLabel("Last Name").fill("Rider");
    await applicant.getByLabel("Mobile Number").fill(mobile);
    await applicant.getByLabel("City").fill("Makati, Metro Manila");
    await applicant.getByLabel("Yes, I have a motorcycle").check();
    await applicant.getByLabel("Yes, I have a motorcycle").blur();
    await applicant.getByRole("button", { name: "Submit Application" }).click();
    await toastWith(applicant, "Application Submitted!").waitFor();
    await expect(applicant.getByLabel("First Name").inputValue()).resolves.toBe("");
    // Stored, and the applicant was texted.
    expect((await outboxMessage(toInternational(mobile))).body).toContain("we received your rider application");

    // The admin: Quick Actions → Manage Riders → Approve.
    const adminContext = await newContext();
    await signInAs(adminContext, "09170000001");
    const admin = await adminContext.newPage();
    await admin.goto("/admin");
    await admin.getByRole("link", { name: "Manage Riders" }).click();
    await admin.getByRole("heading", { name: "Manage Riders", level: 1 }).waitFor();
    const card = admin.getByTestId("application").filter({ hasText: "Juana Rider" });
    await card.waitFor();
    await card.getByRole("button", { name: "Approve" }).click();
    // Approved: the application leaves the list (the toast needs the server-rendered flash toast when the page is not hydrated yet).
    await card.waitFor({ state: "detached" });
    await admin
      .getByRole("navigation", { name: "Manage Riders" })
      .getByRole("link", { name: /^Riders/ })
      .click();
    await admin.getByTestId("rider").filter({ hasText: "Juana Rider" }).waitFor();
    expect((await outboxMessage(toInternational(mobile))).body).toContain("approved");

    // The applicant signs in with that number and opens the Rider Dashboard.
    await applicant.goto("/");
    await applicant.getByLabel("Mobile Number").fill(mobile);
    await applicant.getByLabel("Mobile Number").blur();
    await applicant.getByRole("button", { name: "Send OTP" }).click();
    await applicant.getByLabel("OTP Code").waitFor();
    const { code } = await outboxMessage(toInternational(mobile));
    await applicant.getByLabel("OTP Code").fill(code!);
    await applicant.getByLabel("OTP Code").blur();
    await applicant.getByRole("button", { name: "Verify OTP" }).click();
    await applicant.getByRole("heading", { name: "Welcome, Juana!" }).waitFor();
    // The account's first sign-in: welcome, not welcome back.
    await toastWith(applicant, "Welcome to Hatid!").waitFor();
    await (await openMenu(applicant)).getByRole("link", { name: "Rider Dashboard" }).click();
    await applicant.getByRole("heading", { name: "Rider Dashboard", level: 1 }).waitFor();
    await expect(applicant.getByText("Access Denied").count()).resolves.toBe(0);
  });

  it("a customer cancels an assigned delivery, and the dialog's fee is the fee charged", async () => {
    // Carlos's demo delivery, assigned to Sol 30 minutes ago (no live position): the ₱20 fee applies.
    const deliveryId = "00000000-0000-4000-8000-0000de110020";
    const context = await newContext();
    await signInAs(context, "09170000005");
    const page = await context.newPage();
    await page.goto("/booking");
    const item = page.locator(`.recent-item[data-delivery-id="${deliveryId}"]`);
    // The question opens in place (a disclosure: no JavaScript needed).
    await item.locator("summary").filter({ hasText: "Cancel" }).click();
    const dialog = item.getByRole("form", { name: "Cancel this delivery?" });
    const shownFee = await dialog.getByTestId("cancellation-fee").textContent();
    expect(shownFee).toBe("₱20.00");
    // A cash booking: nothing to take the fee from, so it is owed with the next booking.
    await dialog.getByText("₱20.00 is added to your next booking as an unpaid cancellation fee.").waitFor();
    await dialog.getByRole("button", { name: `Cancel and pay ${shownFee}` }).click();
    await toastWith(page, "Delivery cancelled").waitFor();
    await item.getByText("Cancelled").waitFor();
    await expect.poll(() => item.locator("summary").filter({ hasText: "Cancel" }).count(), { timeout: 5_000 }).toBe(0);

    // What was charged: read back as the admin sees it.
    const response = await fetch(`${baseURL()}/api/deliveries/${deliveryId}`, {
      headers: { Cookie: await adminCookie() },
    });
    const delivery = (await response.json()) as { status: string; cancellationFee: number };
    expect(delivery).toMatchObject({ status: "cancelled", cancellationFee: 20 });
    // Carlos's next quote carries it as its own line (owed-fees.test.ts follows one through to the rider's ledger).
    const quote = await page.request.post("/api/pricing/calculate", {
      data: { pickupCity: "Makati, Metro Manila", dropoffCity: "Makati, Metro Manila", packageSize: "small" },
      headers: { Origin: baseURL() },
    });
    expect(await quote.json()).toMatchObject({ owedFee: 20 });
  });
});
