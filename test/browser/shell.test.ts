import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

describe("app shell in Chromium", () => {
  it("shows the 404 card for an unknown path", async () => {
    const page = await (await newContext()).newPage();
    const response = await page.goto("/this/page/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Did you forget to add the page to the router?").isVisible()).resolves.toBe(true);
  });

  it("hydrates under the Content-Security-Policy without a blocked script", async () => {
    const page = await (await newContext()).newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    expect(violations).toEqual([]);
  });

  it("shows a server-raised toast, then removes it after 5 seconds", async () => {
    const context = await newContext();
    const value = Buffer.from(JSON.stringify({ title: "Profile Updated", description: "Your profile has been updated successfully." })).toString("base64");
    await context.addCookies([{ name: "hatid_toast", value: encodeURIComponent(value), url: baseURL() }]);
    const page = await context.newPage();
    await page.goto("/");
    const toast = page.getByRole("status").filter({ hasText: "Profile Updated" });
    await toast.waitFor({ state: "visible", timeout: 5_000 });
    const shownAt = Date.now();
    await expect(toast.getByText("Your profile has been updated successfully.").isVisible()).resolves.toBe(true);
    await toast.waitFor({ state: "detached", timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(7_500);
    // Only once: a reload does not bring it back.
    await page.reload();
    await page.waitForTimeout(300);
    await expect(page.getByText("Profile Updated").count()).resolves.toBe(0);
  });

  it("dismisses a toast by its close control, by a swipe right past 50 px, not by a short swipe", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const raise = async (title: string) => {
      const value = Buffer.from(JSON.stringify({ title })).toString("base64");
      await context.addCookies([{ name: "hatid_toast", value: encodeURIComponent(value), url: baseURL() }]);
      await page.goto("/");
      const toast = page.getByRole("status").filter({ hasText: title });
      await toast.waitFor({ state: "visible" });
      return toast;
    };

    const closable = await raise("Close me");
    await closable.getByRole("button", { name: "Close" }).click();
    await closable.waitFor({ state: "detached", timeout: 2_000 });

    const swipe = async (toastTitle: string, distance: number) => {
      const toast = await raise(toastTitle);
      // Measure where the toast rests, not where its entry animation happens to have it.
      await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + distance, y, { steps: 5 });
      await page.mouse.up();
      return toast;
    };
    const shortSwipe = await swipe("Stay", 30);
    await page.waitForTimeout(400);
    await expect(shortSwipe.isVisible()).resolves.toBe(true);
    const longSwipe = await swipe("Swipe me", 80);
    await longSwipe.waitFor({ state: "detached", timeout: 2_000 });
  });

  it("moves focus to the notifications viewport on F8", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/");
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    // The router exists a moment before the toaster's key listener (an effect after hydration):
    // press F8 until the page is listening, then it must move the focus.
    const focusedAfterF8 = async () => {
      await page.keyboard.press("F8");
      return page.evaluate(() => document.activeElement?.closest("[aria-label='Notifications (F8)']") !== null);
    };
    await expect.poll(focusedAfterF8, { timeout: 5_000, interval: 200 }).toBe(true);
  });
});
