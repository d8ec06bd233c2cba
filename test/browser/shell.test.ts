import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";
import { raiseToast, scriptsRan } from "./scripts-ran";
import { bellPanel, menuButton, openBell, openMenu } from "./top-nav";

const { newContext } = useBrowser();

describe("app shell in Chromium", () => {
  it("shows the 404 card for an unknown path", async () => {
    const page = await (await newContext()).newPage();
    const response = await page.goto("/this/page/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Did you forget to add the page to the router?").isVisible()).resolves.toBe(true);
  });

  it("leads from the 404 page back to the page the link was on, and home, with a tap and without JavaScript", async () => {
    const page = await (await newContext({ hasTouch: true })).newPage();
    await page.goto("/no-such-help", { referer: `${baseURL()}/help?tab=payments` });
    await page.getByRole("link", { name: "Go Back" }).tap();
    await page.waitForURL(`${baseURL()}/help?tab=payments`);
    await page.goto("/no-such-page");
    await expect(page.getByRole("link", { name: "Go Back" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Go Home" }).tap();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole("heading", { name: "Get Started" }).waitFor();

    const noScript = await (await newContext({ javaScriptEnabled: false })).newPage();
    await noScript.goto("/no-such-page", { referer: `${baseURL()}/become-rider` });
    await noScript.getByRole("link", { name: "Go Back" }).click();
    await noScript.waitForURL(`${baseURL()}/become-rider`);
  });

  it("leads a signed-in reader home from the 404 page, in Filipino", async () => {
    const context = await newContext({ hasTouch: true, locale: "fil-PH" });
    await signUpAs(context, "user", { firstName: "Maja", lastName: "Salvador" });
    const page = await context.newPage();
    await page.goto("/booking");
    await page.goto("/wala-rito", { referer: `${baseURL()}/booking` });
    await expect(page.getByRole("link", { name: "Bumalik sa naunang page" }).getAttribute("href")).resolves.toBe(
      "/booking",
    );
    await page.getByRole("link", { name: "Bumalik sa Home" }).tap();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole("heading", { name: /Maja/ }).waitFor();
  });

  it("hydrates under the Content-Security-Policy without a blocked script", async () => {
    const page = await (await newContext()).newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });

  it("shows a server-raised toast once (rendered by the server, kept by the page), then removes it after 5 seconds", async () => {
    const context = await newContext();
    await raiseToast(context, { title: "Profile Updated", description: "Your profile has been updated successfully." });
    const page = await context.newPage();
    // The page's own clock times the card, from its first frame on screen to its first frame gone
    // (removed, or hidden by the stylesheet on a page without the framework): the test's polling
    // can lag a busy page by a second or more.
    await page.addInitScript(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      const watch = (now: number) => {
        const card = document.querySelector(".toast");
        const visible = card?.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ?? false;
        if (visible && times.shown === undefined) times.shown = now;
        if (!visible && times.shown !== undefined) times.gone = now;
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const consoleErrors = watchConsoleErrors(page);
    const response = await page.goto("/");
    // In the server's HTML: visible before any JavaScript runs.
    await expect(response!.text()).resolves.toContain("Profile Updated");
    const toast = page.getByRole("status").filter({ hasText: "Profile Updated" });
    await toast.waitFor({ state: "visible", timeout: 5_000 });
    await expect(toast.getByText("Your profile has been updated successfully.").isVisible()).resolves.toBe(true);
    await toast.waitFor({ state: "detached", timeout: 8_000 });
    const { shown, gone } = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes,
    );
    // Not before 5 s: the page's clock starts at the navigation, before the card's first style; a
    // busy page paints that first frame late, so "first seen" can trail the card's own clock.
    expect(gone).toBeGreaterThan(5_000);
    expect(gone - shown).toBeLessThan(6_500);
    // Never two of it (the server's and the page's are one card), and React found the markup it made.
    expect(consoleErrors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
    // Only once: a reload does not bring it back.
    await page.reload();
    await page.locator("main").first().waitFor();
    await expect(page.getByText("Profile Updated").count()).resolves.toBe(0);
  });

  it("does not bring a toast back when the page's script arrives after its 5 seconds", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Booking Created" });
    const page = await context.newPage();
    // Every time the card comes on screen, counted in the page.
    await page.addInitScript(() => {
      const seen = { shownTimes: 0 };
      (window as unknown as { toastSeen: typeof seen }).toastSeen = seen;
      let visible = false;
      const watch = () => {
        const now =
          document.querySelector(".toast")?.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ??
          false;
        if (now && !visible) seen.shownTimes += 1;
        visible = now;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    // A slow line: the page's scripts arrive 6 s late, after the stylesheet has let the toast go.
    await page.route("**/build/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const card = page.locator("li.toast").filter({ hasText: "Booking Created" });
    await card.waitFor({ state: "visible", timeout: 5_000 });
    await card.waitFor({ state: "hidden", timeout: 8_000 });
    // The scripts arrive and take the card out of the page, without showing it again.
    await card.waitFor({ state: "detached", timeout: 30_000 });
    await expect(
      page.evaluate(() => (window as unknown as { toastSeen: { shownTimes: number } }).toastSeen.shownTimes),
    ).resolves.toBe(1);
  });

  it("shows the toast with JavaScript disabled", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await raiseToast(context, { title: "Settings Saved", description: "Your changes are saved." });
    const page = await context.newPage();
    await page.goto("/help");
    const toast = page.getByRole("status").filter({ hasText: "Settings Saved" });
    await expect(toast.isVisible()).resolves.toBe(true);
    await expect(toast.getByText("Your changes are saved.").isVisible()).resolves.toBe(true);
    await expect(page.locator("li.toast").count()).resolves.toBe(1);
  });

  it("dismisses a toast by its close control, by a swipe right past 50 px, not by a short swipe", async () => {
    const context = await newContext();
    // Signed in: "/" is then a React page (signed out it is the public landing, whose toast has no script).
    await signUpAs(context, "user");
    const page = await context.newPage();
    const raise = async (title: string) => {
      await raiseToast(context, { title });
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
    const context = await newContext();
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Settings Saved" });
    const page = await context.newPage();
    await page.goto("/settings");
    await scriptsRan(page);
    await page.keyboard.press("F8");
    await expect(
      page.evaluate(() => document.activeElement?.closest("[aria-label='Notifications (F8)']") !== null),
    ).resolves.toBe(true);
  });
});

describe("the signed-in top bar on a 360px phone", () => {
  const barHeight = (page: Page) => page.locator("header.top-nav").evaluate((el) => el.getBoundingClientRect().height);

  it("is one line of at most 64 px; its one menu holds the pages, Settings, the language switch and Logout, without JavaScript", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/settings");
    await expect(barHeight(page)).resolves.toBeLessThanOrEqual(64);
    const menu = await openMenu(page);
    for (const name of ["Home", "Book Delivery", "Settings"])
      await expect(menu.getByRole("link", { name }).isVisible(), name).resolves.toBe(true);
    await expect(menu.getByRole("button", { name: "Filipino" }).isVisible()).resolves.toBe(true);
    // The language switch inside the menu: a plain form post, back on the same page in Filipino.
    await menu.getByRole("button", { name: "Filipino" }).click();
    await page.waitForURL(`${baseURL()}/settings`);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("fil");
    // Closed on the page it came back to.
    await expect(page.locator("header.top-nav details.top-nav-menu").getAttribute("open")).resolves.toBeNull();
    await expect(barHeight(page)).resolves.toBeLessThanOrEqual(64);
    const filipinoMenu = await openMenu(page);
    const logout = filipinoMenu.getByRole("button", { name: "Mag-log out" });
    // "Mag-log out" on one line.
    await expect(logout.boundingBox().then((box) => box!.height)).resolves.toBeLessThan(48);
    await logout.click();
    await page.waitForURL(`${baseURL()}/`);
    await expect(page.locator("header.top-nav").count()).resolves.toBe(0);
    await page.goto("/settings");
    await expect(page.locator("header.top-nav").count()).resolves.toBe(0);
  });

  it("keeps the menu a finger opened before the page's JavaScript arrived open when it arrives", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Settings Saved" });
    const page = await context.newPage();
    // A slow line: the page's scripts are held until the menu is open.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/settings", { waitUntil: "commit" });
    const menu = await openMenu(page);
    release();
    await scriptsRan(page);
    await expect(menu.isVisible()).resolves.toBe(true);
  });

  it("closes the menu on Escape (focus back on its button) and on a tap outside, with JavaScript", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Settings Saved" });
    const page = await context.newPage();
    await page.goto("/settings");
    await scriptsRan(page);
    await (await openBell(page)).getByText("No notifications yet.").waitFor();
    const menu = await openMenu(page);
    // One open at a time: opening the menu closed the bell.
    await expect(bellPanel(page).isVisible()).resolves.toBe(false);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await expect(menuButton(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await openMenu(page);
    // A tap on the page below the menu (its bottom-left corner, where nothing is).
    await page.mouse.click(2, 735);
    await menu.waitFor({ state: "hidden" });
    // A page link in the menu goes there and the menu is closed on the new page.
    await (await openMenu(page)).getByRole("link", { name: "Book Delivery" }).click();
    await page.waitForURL(`${baseURL()}/booking`);
    await menu.waitFor({ state: "hidden" });
  });

  it("closes the menu after a language change tapped in it, with JavaScript", async () => {
    const context = await newContext({ hasTouch: true });
    await signUpAs(context, "user");
    await raiseToast(context, { title: "Settings Saved" });
    const page = await context.newPage();
    await page.goto("/settings");
    await scriptsRan(page);
    const details = page.locator("header.top-nav details.top-nav-menu");
    await (await openMenu(page)).getByRole("button", { name: "Filipino" }).tap();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fil");
    await page.getByRole("heading", { name: "Settings ng account", level: 1 }).waitFor();
    await expect.poll(() => details.getAttribute("open")).toBeNull();
    // And back to English: closed again.
    await (await openMenu(page)).getByRole("button", { name: "English" }).tap();
    await page.getByRole("heading", { name: "Account Settings", level: 1 }).waitFor();
    await expect.poll(() => details.getAttribute("open")).toBeNull();
  });

  it("fits the bell's panel inside the screen", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/settings");
    const panel = await openBell(page);
    await panel.getByText("No notifications yet.").waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });
});

function watchConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
