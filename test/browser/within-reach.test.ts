import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminCookie, signInAs, signUpAs } from "./auth";
import { call, useBrowser } from "./browser";
import { raiseToast } from "./scripts-ran";

/**
 * A phone in the hand (360×740, a touch screen): a tap at the bottom of the screen reaches the
 * button there, a toast a finger touched goes away, and the step a person came for is within the
 * first screen, or next to the words that ask for it.
 */
const { newContext } = useBrowser({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
const SCREEN_HEIGHT = 740;

const box = async (locator: Locator) => (await locator.boundingBox())!;
const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });
/** The page's script has run: the toaster times toasts from then on (app/components/toaster.tsx). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.classList.contains("toasts-timed"));

describe("taps at the bottom of the screen, and toasts, on a touch screen", () => {
  it("a button resting at the bottom edge of the screen gets the tap (the empty toast list over it takes none)", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/settings");
    await hydrated(page);
    const deleteAccount = page.locator(".danger-zone summary");
    await deleteAccount.evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
    const { x, y, width, height } = await box(deleteAccount);
    const centre = { x: x + width / 2, y: y + height / 2 };
    // Where a thumb taps: within the last 32 px of the screen, where the toast list lies.
    expect(centre.y).toBeGreaterThan(SCREEN_HEIGHT - 32);
    await page.touchscreen.tap(centre.x, centre.y);
    await page.getByRole("heading", { name: "Are you absolutely sure?" }).waitFor({ timeout: 5_000 });
  });

  it("a toast tapped with a finger goes away at once; a mouse resting on one still holds it", {
    timeout: 60_000,
  }, async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Proposal opened" });
    const page = await context.newPage();
    await page.goto("/settings");
    const tapped = toastWith(page, "Proposal opened");
    await tapped.waitFor();
    await hydrated(page);
    // A finger on the toast's words (a tap leaves the browser "hovering" there: it held the toast for good).
    await tapped.locator(".toast-title").tap();
    await tapped.waitFor({ state: "detached", timeout: 2_000 });

    await raiseToast(context, { title: "Profile Updated" });
    await page.goto("/settings");
    const hovered = toastWith(page, "Profile Updated");
    await hovered.waitFor();
    await hydrated(page);
    const { x, y, width, height } = await box(hovered);
    await page.mouse.move(x + width / 2, y + height / 2);
    await page.waitForTimeout(6_500);
    await expect(hovered.isVisible()).resolves.toBe(true);
    await page.mouse.move(10, 100);
    await hovered.waitFor({ state: "detached", timeout: 8_000 });
  });
});

describe("the next step at the thumb", () => {
  it("an offline rider finds Go Online with the notice that says to go online, within the first screen", async () => {
    const context = await newContext();
    await signUpAs(context, "rider", { firstName: "Thumb", lastName: `Rider${Date.now() % 10000}` });
    const page = await context.newPage();
    await page.goto("/rider-dashboard");
    const notice = page.getByText("You are offline. Go online to see and accept deliveries.");
    const goOnline = page.getByRole("button", { name: "Go Online" });
    const [said, button] = [await box(notice), await box(goOnline)];
    expect(button.y - (said.y + said.height)).toBeGreaterThanOrEqual(0);
    expect(button.y - (said.y + said.height)).toBeLessThan(48);
    expect(button.y + button.height).toBeLessThanOrEqual(SCREEN_HEIGHT);
    await goOnline.tap();
    await page.getByRole("button", { name: "Go Offline" }).waitFor();
    await expect(page.getByTestId("online-state").textContent()).resolves.toContain("You are online");
  });

  it("Cash Out is within the first screen of View Earnings; the month's ledger comes a page at a time, without JavaScript", {
    timeout: 90_000,
  }, async () => {
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider", { firstName: "Reach", lastName: `Rider${Date.now() % 10000}` });
    const admin = await adminCookie();
    // Twelve entries this month, ₱1.00 to ₱12.00: more than one page of them.
    for (let pesos = 1; pesos <= 12; pesos++)
      await call(admin, `/api/admin/riders/${rider.userId}/adjustments`, { amount: pesos, note: `Float ${pesos}` });

    const page = await riderContext.newPage();
    await page.goto("/rider/earnings");
    await expect(page.getByTestId("ledger-balance").textContent()).resolves.toBe("₱78.00");
    const request = page.getByRole("form", { name: "Cash Out" }).getByRole("button", { name: "Request Cash Out" });
    const button = await box(request);
    expect(button.y + button.height).toBeLessThanOrEqual(SCREEN_HEIGHT);

    const noScript = await newContext({ javaScriptEnabled: false });
    await noScript.addCookies(await riderContext.cookies());
    const plain = await noScript.newPage();
    await plain.goto("/rider/earnings");
    const entries = plain.getByTestId("ledger-entries").locator("li");
    const notes = async () => (await entries.allTextContents()).map((text) => /Float (\d+)/.exec(text)?.[1]);
    await expect(notes()).resolves.toEqual(["12", "11", "10", "9", "8", "7", "6", "5", "4", "3"]);
    await plain.getByRole("link", { name: "Older entries" }).click();
    await expect(notes()).resolves.toEqual(["2", "1"]);
    await expect(plain.getByRole("link", { name: "Older entries" }).count()).resolves.toBe(0);
    await plain.getByRole("link", { name: "Back to the newest" }).click();
    await expect(notes()).resolves.toEqual(["12", "11", "10", "9", "8", "7", "6", "5", "4", "3"]);
  });

  // The demo's months of history make the list long (over a hundred pages): each is a plain page load.
  it("the admin sees every delivery of a list of more than 10, a page at a time, without JavaScript, in no scroll box inside the page", {
    timeout: 300_000,
  }, async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await signInAs(context, "09170000001");
    const page = await context.newPage();
    await page.goto("/admin");
    const all = Number(await page.locator('.admin-tabs [data-filter="all"] .admin-tab-count').textContent());
    expect(all).toBeGreaterThan(10);
    // The page scrolls, nothing inside it does: a thumb moving the list moves the page.
    const scrollBoxes = await page.evaluate(() =>
      Array.from(document.querySelectorAll("main *"))
        .filter(
          (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1,
        )
        .map((el) => el.className),
    );
    expect(scrollBoxes).toEqual([]);
    const seen: string[] = [];
    for (let pages = 1; ; pages++) {
      const ids = await page
        .getByTestId("live-item")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-delivery-id")!));
      expect(ids.length).toBeLessThanOrEqual(10);
      seen.push(...ids);
      const older = page.getByRole("link", { name: "Older deliveries" });
      if ((await older.count()) === 0 || pages > Math.ceil(all / 10)) break;
      await older.click();
      await page.getByRole("link", { name: "Back to the newest" }).waitFor();
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(all);
  });
});
