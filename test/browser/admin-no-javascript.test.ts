import { describe, expect, it } from "vitest";
import { adminCookie, signInAs, signUpAs } from "./auth";
import { baseURL, call, useBrowser } from "./browser";

const { newContext } = useBrowser();

/**
 * The admin's forms with JavaScript disabled (decision 0187): each posts to its page's
 * action and the page comes back with its new state or the refusal's words.
 */
describe("admin pages without JavaScript", () => {
  it("marks an office cash-out paid", { timeout: 90_000 }, async () => {
    const rider = await signUpAs(await newContext(), "rider", {
      firstName: "Nojs",
      lastName: `Cashout${Date.now() % 10000}`,
    });
    const admin = await adminCookie();
    await call(admin, `/api/admin/riders/${rider.userId}/adjustments`, { amount: 200, note: "Browser test float" });
    const { cashout } = (await call(rider.cookie, "/api/rider/cashouts", { amount: 120, method: "office" })) as {
      cashout: { id: string };
    };

    const context = await newContext({ javaScriptEnabled: false });
    await signInAs(context, "09170000001");
    const page = await context.newPage();
    await page.goto("/admin/cashouts");
    const item = page.locator(`[data-cashout-id="${cashout.id}"]`);
    await item.getByRole("button", { name: "Mark Paid" }).click();
    await page.getByRole("heading", { name: "Cash-outs and Remittances", level: 1 }).waitFor();
    await item.waitFor({ state: "detached" });
    const ledger = await fetch(`${baseURL()}/api/rider/ledger`, { headers: { Cookie: rider.cookie } }).then(
      (r) => r.json() as Promise<{ balance: number; entries: { kind: string; amount: number }[] }>,
    );
    expect(ledger.entries[0]).toMatchObject({ kind: "cashout", amount: -120 });
    expect(ledger.balance).toBe(80);
  });

  it("suspends a rider (a missing reason refused in words) and reactivates them", { timeout: 90_000 }, async () => {
    const rider = await signUpAs(await newContext(), "rider", {
      firstName: "Nojs",
      lastName: `Suspend${Date.now() % 10000}`,
    });
    const context = await newContext({ javaScriptEnabled: false });
    await signInAs(context, "09170000001");
    const page = await context.newPage();
    await page.goto("/admin/riders?tab=riders");
    const card = page.locator(`[data-rider-id="${rider.userId}"]`);
    await card.locator("summary", { hasText: "Suspend" }).click();
    await card.getByRole("button", { name: "Suspend this rider" }).click();
    await card.getByText("Enter the reason for suspending this rider.").waitFor();
    // The page came back with the confirmation still open, its refusal shown.
    await card.getByLabel("Reason (shown to the rider)").fill("Helmet not worn");
    await card.getByRole("button", { name: "Suspend this rider" }).click();
    await card.getByTestId("suspension").filter({ hasText: "Helmet not worn" }).waitFor();
    await card.locator("summary", { hasText: "Reactivate" }).click();
    await card.locator("button[type=submit]", { hasText: "Reactivate" }).click();
    await card.locator("summary", { hasText: "Suspend" }).waitFor();
    await expect(card.getByTestId("suspension").count()).resolves.toBe(0);
  });

  it("saves a settings change after its review; a bad value is refused by name", { timeout: 90_000 }, async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await signInAs(context, "09170000001");
    const page = await context.newPage();
    await page.goto("/admin/settings");
    await page.getByLabel("Base fare (₱)").fill("-1");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page
      .locator(".field-errors")
      .filter({ hasText: "Enter ₱0.00 or more for the base fare: it cannot be negative." })
      .first()
      .waitFor();
    // The page came back with what was typed: put the fare back, change the hotline.
    await expect(page.getByLabel("Base fare (₱)").inputValue()).resolves.toBe("-1");
    await page.goto("/admin/settings");
    const hotline = `(02) 8${String(Date.now()).slice(-3)} ${String(Date.now()).slice(-4)}`;
    await page.getByLabel("Hotline", { exact: true }).fill(hotline);
    await page.getByRole("button", { name: "Save Settings" }).click();
    const review = page.getByTestId("settings-review");
    await review.getByText(`→ ${hotline}`).waitFor();
    await review.getByRole("button", { name: "Confirm and save" }).click();
    await page
      .getByTestId("settings-history")
      .locator("li")
      .filter({ hasText: `→ ${hotline}` })
      .first()
      .waitFor();
    await expect(page.getByLabel("Hotline", { exact: true }).inputValue()).resolves.toBe(hotline);
  });
});
