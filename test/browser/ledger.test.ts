import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminCookie, signInAs, signUpAs, toInternational } from "./auth";
import { baseURL, useBrowser } from "./browser";
import { parseCsv } from "../workerd/csv-parse";

const { newContext } = useBrowser();

const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });
/** "₱1,234.50" or "-₱3.00" as centavos. */
const centavosOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);

async function noHorizontalScroll(page: Page) {
  await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).resolves.toBe(true);
}

describe("the riders' ledger at 360px", () => {
  it("a rider cashes out to GCash and sees it paid at once without an admin, the balance lowered (and an adjustment); the month's CSV matches the report", {
    timeout: 150_000,
  }, async () => {
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider", {
      firstName: "Ledger",
      lastName: `Rider${Date.now() % 10000}`,
    });
    // An admin's adjustment gives a positive balance (a remittance may only pay what the rider owes).
    const remitted = await fetch(`${baseURL()}/api/admin/riders/${rider.userId}/adjustments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: await adminCookie() },
      body: JSON.stringify({ amount: 250, note: "Browser test float" }),
    });
    expect(remitted.status).toBe(201);

    const riderPage = await riderContext.newPage();
    await riderPage.goto("/rider/earnings");
    await expect(riderPage.getByTestId("ledger-balance").textContent()).resolves.toBe("₱250.00");
    await noHorizontalScroll(riderPage);
    const form = riderPage.getByRole("form", { name: "Cash Out" });
    await form.getByLabel("Amount (₱)").fill("300");
    await form.getByLabel("GCash mobile number").fill("09171234567");
    // GCash sends the money only to the name registered on the account (decision 0207): asked for, once.
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    await form.getByText("Enter the name registered on your GCash account, exactly as GCash shows it").waitFor();
    await form.getByLabel("Name registered on your GCash").fill("Rico Dela Cruz");
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    await expect(form.getByText("You can cash out at most ₱250.00.").waitFor()).resolves.toBeUndefined();
    await form.getByLabel("Amount (₱)").fill("200");
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    // Instant and free: the payout sandbox sends it within the request, no admin.
    await toastWith(riderPage, "Sent to your GCash").waitFor();
    await riderPage.getByTestId("cashouts").locator('li[data-status="paid"]').waitFor();
    await expect(riderPage.getByTestId("ledger-balance").textContent()).resolves.toBe("₱50.00");
    await noHorizontalScroll(riderPage);
    // The payout sandbox's page makes the next payout fail, by hand: the amount comes back and the rider is told.
    await riderPage.goto("/dev/payouts");
    await riderPage.getByTestId("sandbox-payouts").locator('tr[data-status="paid"]').first().waitFor();
    await riderPage.getByRole("button", { name: "Fail the next payout" }).click();
    await riderPage.getByTestId("armed-failures").filter({ hasText: "The next payout fails." }).waitFor();
    await riderPage.goto("/rider/earnings");
    // The last GCash account is filled in.
    await expect(form.getByLabel("Name registered on your GCash").inputValue()).resolves.toBe("Rico Dela Cruz");
    await expect(form.getByLabel("GCash mobile number").inputValue()).resolves.toBe("09171234567");
    await form.getByLabel("Amount (₱)").fill("10");
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    await toastWith(riderPage, "GCash cash-out failed").waitFor();
    await riderPage.getByTestId("cashouts").locator('li[data-status="failed"]').waitFor();
    await expect(riderPage.getByTestId("ledger-balance").textContent()).resolves.toBe("₱50.00");
    // The system's notes on the ledger are messages by id: they read in the rider's language.
    const cashoutEntries = riderPage.getByTestId("ledger-entries").locator('li[data-kind="cashout"]');
    await cashoutEntries.filter({ hasText: "GCash cash-out not sent: the amount went back to the balance" }).waitFor();
    await cashoutEntries.filter({ hasText: "GCash +639171234567" }).first().waitFor();
    await riderContext.addCookies([{ name: "lang", value: "fil", url: baseURL() }]);
    await riderPage.reload();
    await cashoutEntries
      .filter({ hasText: "Hindi naipadala ang GCash cash-out: ibinalik ang halaga sa balance" })
      .waitFor();
    await riderContext.addCookies([{ name: "lang", value: "en", url: baseURL() }]);

    const adminContext = await newContext();
    await signInAs(adminContext, "09170000001");
    const admin = await adminContext.newPage();
    await admin.goto("/admin");
    await admin.getByRole("link", { name: "Cash-outs and remittances" }).click();
    await admin.getByRole("heading", { name: "Cash-outs and Remittances", level: 1 }).waitFor();
    await noHorizontalScroll(admin);
    // Nothing waits for the admin.
    await expect(
      admin
        .getByTestId("cashout-queue")
        .locator("li")
        .filter({ hasText: toInternational(rider.localPhone) })
        .count(),
    ).resolves.toBe(0);
    // An adjustment through the page's own form: the rider's balance row shows it.
    // (Scoped to its section: an owed fee other tests left shows its own Waive "Reason" on this page.)
    const adjustment = admin.locator('section[aria-labelledby="adjustment-title"]');
    await adjustment.getByLabel("Rider").selectOption(rider.userId);
    await adjustment.getByLabel("Amount (₱, negative to take from the balance)").fill("-5");
    await adjustment.getByLabel("Reason").fill("Helmet sticker");
    await adjustment.getByRole("button", { name: "Adjust Balance" }).click();
    await toastWith(admin, "New balance ₱45.00").waitFor();

    await riderPage.reload();
    await expect(riderPage.getByTestId("ledger-balance").textContent()).resolves.toBe("₱45.00");
    const paid = riderPage.getByTestId("cashouts").locator('li[data-status="paid"]');
    await expect(paid.textContent()).resolves.toContain("Paid");
    await expect(paid.textContent()).resolves.toContain("po_sandbox_");
    await riderPage
      .getByTestId("ledger-entries")
      .locator('li[data-kind="cashout"]')
      .filter({ hasText: "−₱200.00" })
      .waitFor();
    await riderPage
      .getByTestId("ledger-entries")
      .locator('li[data-kind="adjustment"]')
      .filter({ hasText: "Helmet sticker" })
      .waitFor();

    // View Reports: the month's CSV adds up to the page's figures.
    await admin.goto("/admin");
    await admin.getByRole("link", { name: "View Reports" }).click();
    await admin.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    await noHorizontalScroll(admin);
    const pageRevenue = centavosOf((await admin.getByTestId("report-revenue").locator("dd").textContent())!);
    const pageRemittances = centavosOf(
      (await admin.getByTestId("report-ledger-remittance").locator("dd").textContent())!,
    );
    const pageCashouts = centavosOf((await admin.getByTestId("report-ledger-cashout").locator("dd").textContent())!);
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("button", { name: "Deliveries and ledger" }).click(),
    ]);
    const [header, ...rows] = parseCsv(await readFile((await download.path())!, "utf8"));
    const sum = (column: string, keep: (row: string[]) => boolean = () => true) =>
      rows.filter(keep).reduce((total, row) => total + Math.round(Number(row[header!.indexOf(column)] || 0) * 100), 0);
    const ofKind = (kind: string) => (row: string[]) => row[0] === "ledger" && row[header!.indexOf("kind")] === kind;
    // Revenue is what customers paid (decision 0183): the CSV's `paid` column (it has no `fare` column any more).
    expect(sum("paid")).toBe(pageRevenue);
    expect(sum("ledger_amount", ofKind("remittance"))).toBe(pageRemittances);
    expect(sum("ledger_amount", ofKind("cashout"))).toBe(pageCashouts);
    expect(rows.some((row) => ofKind("cashout")(row) && row[header!.indexOf("rider_id")] === rider.userId)).toBe(true);
  });

  it("Coop Settings: the admin sees the rate card in force, a bad value is refused by name, and saving keeps a new version", {
    timeout: 90_000,
  }, async () => {
    const adminContext = await newContext();
    await signInAs(adminContext, "09170000001");
    const admin = await adminContext.newPage();
    await admin.goto("/admin");
    await admin.getByRole("link", { name: "Coop Settings" }).click();
    await admin.getByRole("heading", { name: "Coop Settings", level: 1 }).waitFor();
    await noHorizontalScroll(admin);
    const baseFare = admin.getByLabel("Base fare (₱)");
    const shown = await baseFare.inputValue();
    await baseFare.fill("-1");
    await admin.getByRole("button", { name: "Save Settings" }).click();
    // Named by the field (the same words also come as a toast).
    await admin
      .locator(".field-errors")
      .filter({ hasText: "Enter ₱0.00 or more for the base fare: it cannot be negative." })
      .first()
      .waitFor();
    // A price moved by more than 50% asks again; going back saves nothing.
    await baseFare.fill(String(Number(shown) * 100));
    await admin.getByRole("button", { name: "Save Settings" }).click();
    const review = admin.getByTestId("settings-review");
    await review
      .getByText(
        `Base fare: ₱${Number(shown).toFixed(2)} → ₱${(Number(shown) * 100).toLocaleString("en-PH", { minimumFractionDigits: 2 })}`,
      )
      .waitFor();
    await review.getByRole("button", { name: "Confirm and save" }).click();
    await review.getByRole("heading", { name: "A price changes by more than 50%" }).waitFor();
    await noHorizontalScroll(admin);
    // Back to editing: the form is still there below the review; nothing was saved.
    await expect(
      review.getByText("To change something, edit it below and press Save Settings again.").isVisible(),
    ).resolves.toBe(true);
    // The same fare again: before → after, confirmed once; a new version with who, when and what changed.
    await baseFare.fill(shown);
    const hotline = `(02) 8${String(Date.now()).slice(-3)} ${String(Date.now()).slice(-4)}`;
    await admin.getByLabel("Hotline", { exact: true }).fill(hotline);
    await admin.getByRole("button", { name: "Save Settings" }).click();
    await review.getByText(`→ ${hotline}`).waitFor();
    await review.getByRole("button", { name: "Confirm and save" }).click();
    await toastWith(admin, "Settings saved").waitFor();
    // Waits for the history to show this save (another test file may save settings meanwhile, as the same admin).
    const latest = admin
      .getByTestId("settings-history")
      .locator("li")
      .filter({ hasText: `→ ${hotline}` })
      .first();
    await latest.waitFor();
    await expect(latest.textContent()).resolves.toContain("by Ana Admin");
  });
});
