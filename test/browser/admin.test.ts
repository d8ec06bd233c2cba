import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DELIVERIES_REFRESH_MS, STATS_REFRESH_MS } from "~/admin/live-deliveries";
import { manilaDate } from "~/i18n/manila";
import { adminCookie, signInAs, signUpAs } from "./auth";
import { bookingBody } from "../fixtures/booking";
import { parseCsv } from "../workerd/csv-parse";
import { baseURL, useBrowser } from "./browser";
import { raiseToast, scriptsRan } from "./scripts-ran";

const { newContext } = useBrowser();

/** A customer books through the real API with their own session cookie. */
async function book(cookie: string, pickupAddress: string) {
  const response = await fetch(`${baseURL()}/api/deliveries`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: cookie },
    body: JSON.stringify(bookingBody({ pickupAddress })),
  });
  if (response.status !== 201) throw new Error(`Booking answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

const tabCount = async (page: Page, filter: string) =>
  Number(await page.locator(`.admin-tabs [data-filter="${filter}"] .admin-tab-count`).textContent());
const statusesShown = (page: Page) => page.getByTestId("live-item").locator(".status-badge").allTextContents();

describe("the admin dashboard in Chromium", () => {
  it("shows live bookings without reloading, counts Pending right, and stops refreshing when switched off", {
    timeout: 150_000,
  }, async () => {
    const adminContext = await newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(adminContext, "09170000001");
    const page = await adminContext.newPage();
    // The page's refreshes: the whole page's data asked again (single fetch's
    // `.data` requests: stats and list, every 30 s) and the live list alone (every 15 s).
    const refreshes: { url: string; at: number }[] = [];
    const listRefreshes: { url: string; at: number }[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data")) refreshes.push({ url: request.url(), at: Date.now() });
      if (pathname === "/api/admin/deliveries") listRefreshes.push({ url: request.url(), at: Date.now() });
    });
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Coop Admin Panel", level: 1 }).waitFor();
    const loadedAt = Date.now();
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
    const notReloaded = () =>
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
    for (const heading of [
      "Live Deliveries",
      "Profit Sharing Model",
      "Top Riders Today",
      "Delivery Metrics",
      "Coop Fund Allocation",
      "Quick Actions",
    ]) {
      await expect(page.getByRole("heading", { name: heading }).isVisible()).resolves.toBe(true);
    }
    const autoRefresh = page.getByRole("switch", { name: "Auto-refresh" });
    await expect(autoRefresh.isChecked()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Manage Riders" }).getAttribute("href")).resolves.toBe("/admin/riders");
    await expect(page.getByRole("link", { name: "View Reports" }).getAttribute("href")).resolves.toBe("/admin/reports");
    const bookedBefore = Number(
      await page.getByTestId("stat-today-deliveries").locator(".stat-card-value").textContent(),
    );
    const items = page.getByTestId("live-item");
    await expect(items.count()).resolves.toBeLessThanOrEqual(10);

    // A customer books in another browser context; it shows up within one refresh period.
    const customerContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const firstAddress = `${Date.now() % 100000} Admin Watch St`;
    const first = await book(customer.cookie, firstAddress);
    const bookedAt = Date.now();
    const firstItem = page.locator(`[data-delivery-id="${first.id}"]`);
    await firstItem.waitFor({ timeout: DELIVERIES_REFRESH_MS + 3_000 });
    expect(Date.now() - bookedAt).toBeLessThanOrEqual(DELIVERIES_REFRESH_MS + 3_000);
    await expect(firstItem.locator(".status-badge").textContent()).resolves.toBe("Pending");
    await expect(firstItem.getByText(`${firstAddress}, Makati, Metro Manila`).isVisible()).resolves.toBe(true);
    await expect(firstItem.getByText(`#${first.id.slice(-8)}`, { exact: true }).isVisible()).resolves.toBe(true);
    // Not yet picked up: the pickup line is not struck through.
    await expect(firstItem.getByTestId("pickup-line").locator("s").count()).resolves.toBe(0);
    // The live list came alone, from the list's own call; the stat cards follow with the page's
    // data once its 30 s are up, and not before (a timer never fires early).
    expect(listRefreshes.length).toBeGreaterThanOrEqual(1);
    expect(listRefreshes[0]!.url).toContain("filter=all");
    await expect
      .poll(
        async () => Number(await page.getByTestId("stat-today-deliveries").locator(".stat-card-value").textContent()),
        { timeout: STATS_REFRESH_MS + 5_000 },
      )
      .toBeGreaterThan(bookedBefore);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(refreshes[0]!.at - loadedAt).toBeGreaterThanOrEqual(STATS_REFRESH_MS - 1_000);
    expect(listRefreshes.filter((refresh) => refresh.at < refreshes[0]!.at).length).toBeGreaterThanOrEqual(1);
    await expect(notReloaded()).resolves.toBe(true);

    // The Pending filter (a link): its count matches what is listed (at most 10 shown).
    const filterLink = (name: RegExp) =>
      page.getByRole("navigation", { name: "Filter deliveries" }).getByRole("link", { name });
    await filterLink(/Pending/).click();
    await page.waitForURL(/filter=pending/);
    await expect.poll(() => filterLink(/Pending/).getAttribute("aria-current")).toBe("page");
    await expect.poll(async () => (await statusesShown(page)).every((status) => status === "Pending")).toBe(true);
    const pendingCount = await tabCount(page, "pending");
    await expect(items.count()).resolves.toBe(Math.min(pendingCount, 10));
    expect(pendingCount).toBeGreaterThanOrEqual(1);
    // The demo data holds picked-up deliveries: their pickup lines are struck through.
    await filterLink(/In Progress/).click();
    await page.waitForURL(/filter=in_progress/);
    await expect
      .poll(async () => {
        const statuses = await statusesShown(page);
        return (
          statuses.length > 0 && statuses.every((status) => ["Assigned", "Picked Up", "In Transit"].includes(status))
        );
      })
      .toBe(true);
    const struck = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid='live-item']")].map((item) => ({
        status: item.querySelector(".status-badge")?.textContent,
        struck: item.querySelector("[data-testid='pickup-line'] s") !== null,
      })),
    );
    for (const { status, struck: isStruck } of struck) expect(isStruck).toBe(status !== "Assigned");

    // Switched off: no more refreshes, and a new booking does not appear within a refresh period.
    await filterLink(/Pending/).click();
    await page.waitForURL(/filter=pending/);
    await expect.poll(async () => (await statusesShown(page)).every((status) => status === "Pending")).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0)); // keep the switch clear of the sticky top bar
    await autoRefresh.click();
    await expect(autoRefresh.isChecked()).resolves.toBe(false);
    const refreshesWhenOff = refreshes.length;
    const listRefreshesWhenOff = listRefreshes.length;
    const secondAddress = `${Date.now() % 100000} Unwatched St`;
    const second = await book(customer.cookie, secondAddress);
    await page.waitForTimeout(DELIVERIES_REFRESH_MS + 1_000);
    await expect(page.locator(`[data-delivery-id="${second.id}"]`).count()).resolves.toBe(0);
    expect(refreshes.slice(refreshesWhenOff)).toEqual([]);
    expect(listRefreshes.slice(listRefreshesWhenOff)).toEqual([]);

    // Switched back on, it refreshes at once.
    await autoRefresh.click();
    await page.locator(`[data-delivery-id="${second.id}"]`).waitFor({ timeout: 5_000 });
    await expect(tabCount(page, "pending")).resolves.toBe(pendingCount + 1);
    await expect(notReloaded()).resolves.toBe(true);
  });

  it("keeps the dashboard through a refresh period without signal, and refreshes again when it returns", {
    timeout: 60_000,
  }, async () => {
    const adminContext = await newContext({ viewport: { width: 360, height: 740 } });
    await signInAs(adminContext, "09170000001");
    const page = await adminContext.newPage();
    await page.clock.install();
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data") || pathname === "/api/admin/deliveries") asked.push(pathname);
    });
    await page.goto("/admin");
    // Loaded: its scripts are in and its timers set (a page not yet hydrated would send nothing anyway).
    await page.waitForLoadState("networkidle");
    await adminContext.setOffline(true);
    await page.clock.runFor(STATS_REFRESH_MS + 1_000);
    await expect(page.getByRole("heading", { name: "Coop Admin Panel", level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Something went wrong" }).count()).resolves.toBe(0);
    expect(asked).toEqual([]);

    await adminContext.setOffline(false);
    await page.clock.runFor(DELIVERIES_REFRESH_MS);
    await expect.poll(() => asked.includes("/api/admin/deliveries")).toBe(true);
    await page.clock.runFor(DELIVERIES_REFRESH_MS);
    await expect.poll(() => asked.some((pathname) => pathname.endsWith(".data"))).toBe(true);
    await expect(page.getByRole("heading", { name: "Coop Admin Panel", level: 1 }).isVisible()).resolves.toBe(true);
  });
});

describe("Coop Settings with every contact empty", () => {
  const NOTICE =
    "No contact is set: /help offers people no way to reach the co-op. Add a hotline, a Messenger link or an email.";
  const REVIEW = "You are saving no contact: /help will then offer people no way to reach the co-op.";
  const contactFields = (page: Page) =>
    ["Hotline", "Messenger link", "Support email"].map((label) => page.getByLabel(label, { exact: true }));

  it("says so while they are empty and again before saving, with and without JavaScript (nothing is saved here)", {
    timeout: 90_000,
  }, async () => {
    const context = await newContext({ viewport: { width: 360, height: 740 } });
    await signInAs(context, "09170000001");
    await raiseToast(context, { title: "Settings" });
    const page = await context.newPage();
    await page.goto("/admin/settings");
    await scriptsRan(page);
    const notice = page.getByTestId("settings-no-contacts");
    const fields = contactFields(page);
    // The demo co-op has its contacts (another test may have changed them, never emptied all three).
    await expect(notice.count()).resolves.toBe(0);
    for (const field of fields) await field.fill("");
    await notice.waitFor({ timeout: 5_000 });
    await expect(notice.innerText()).resolves.toBe(NOTICE);
    await fields[2]!.fill("help@hatid.coop");
    await notice.waitFor({ state: "detached", timeout: 5_000 });
    await fields[2]!.fill("");
    await notice.waitFor({ timeout: 5_000 });
    await page.getByRole("button", { name: "Save Settings" }).click();
    const review = page.getByTestId("settings-review");
    await expect(review.getByTestId("settings-review-no-contacts").innerText()).resolves.toBe(REVIEW);

    const withoutScripts = await newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    await signInAs(withoutScripts, "09170000001");
    const plain = await withoutScripts.newPage();
    await plain.goto("/admin/settings");
    for (const field of contactFields(plain)) await field.fill("");
    await plain.getByRole("button", { name: "Save Settings" }).click();
    await plain.waitForLoadState();
    await expect(plain.getByTestId("settings-review-no-contacts").innerText()).resolves.toBe(REVIEW);
    await expect(plain.getByTestId("settings-no-contacts").innerText()).resolves.toBe(NOTICE);
  });
});

describe("the month's CSV files at 360px", () => {
  it("are the month chosen in the field, Show pressed or not, with and without JavaScript: one table a file, riders named beside their ids, UTF-8 with a byte-order mark", {
    timeout: 90_000,
  }, async () => {
    // The month of a demo delivery Rico delivered (app/demo): its rows name him.
    const answer = await fetch(`${baseURL()}/api/deliveries/00000000-0000-4000-8000-0000de110005`, {
      headers: { Cookie: await adminCookie() },
    });
    const month = manilaDate(Date.parse(((await answer.json()) as { deliveredAt: string }).deliveredAt)).slice(0, 7);
    const shown = month.endsWith("-01")
      ? `${Number(month.slice(0, 4)) - 1}-12`
      : `${month.slice(0, 5)}${String(Number(month.slice(5)) - 1).padStart(2, "0")}`;
    for (const javaScriptEnabled of [true, false]) {
      const context = await newContext({ javaScriptEnabled });
      await signInAs(context, "09170000001");
      if (javaScriptEnabled) await raiseToast(context, { title: "Reports" });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await page.goto(`/admin/reports?month=${shown}`);
      if (javaScriptEnabled) await scriptsRan(page);
      const heading = await page.getByRole("heading", { level: 2 }).first().textContent();
      // Another month in the field, Show not pressed: the downloads follow the field, not the month on screen.
      await page.getByLabel("Month", { exact: true }).fill(month);
      const files: Record<string, string[][]> = {};
      for (const [button, file] of [
        ["Deliveries and ledger", "report"],
        ["Member benefits fund", "fund"],
      ] as const) {
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: button }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`hatid-${file}-${month}.csv`);
        const bytes = await readFile((await download.path())!);
        // UTF-8 with a byte-order mark: Excel on Windows reads "₱" as such.
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        files[file] = parseCsv(bytes.toString("utf8"));
      }
      // The page stayed as it was; with JavaScript the files were asked for directly, without it through the form.
      await expect(page.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(heading);
      expect(asked.filter((url) => url.includes("download=")).length).toBe(javaScriptEnabled ? 0 : 2);

      // One table a file: one header, every row as wide as it.
      const [header, ...rows] = files.report!;
      expect(header!.slice(0, 5)).toEqual(["record", "id", "date", "rider_id", "rider_name"]);
      for (const row of rows) expect(row, row.join(",")).toHaveLength(header!.length);
      const named = rows.filter((row) => row[3] === "demo-user-rico");
      expect(named.length).toBeGreaterThan(0);
      expect(new Set(named.map((row) => row[4]))).toEqual(new Set(["Rico Rider"]));
      const [fundHeader, ...fundRows] = files.fund!;
      expect(fundHeader).toEqual(["record", "id", "date", "kind", "label", "amount"]);
      expect(fundRows.length).toBeGreaterThan(0);
      for (const row of fundRows) expect(row, row.join(",")).toHaveLength(fundHeader!.length);
    }
  });
});
