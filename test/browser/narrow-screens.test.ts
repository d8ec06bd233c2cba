import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs } from "./auth";
import { baseURL, useBrowser } from "./browser";
import { ADMIN_PAGES, CARLAS_ASSIGNED_DELIVERY } from "./demo-pages";

/**
 * Every page on a 360 px phone, in English and in Filipino: nothing sticks out past the
 * right edge (the page never scrolls sideways, no element's right edge passes 360 px, except inside
 * the scroll containers listed below, which scroll on purpose), and the top bar is at most 64 px high.
 */
const { newContext } = useBrowser();
const WIDTH = 360;
const MAX_HEADER_PX = 64;

/** Scroll containers that scroll sideways on purpose (their children may pass the edge). */
const ALLOWED_SCROLLERS = [".carousel-track", ".mapboxgl-map"];

const PAGES: Record<"public" | "customer" | "rider" | "admin", string[]> = {
  public: ["/", "/become-rider", "/help", "/sign-in", "/no-such-page", "/t/walang-ganitong-link"],
  customer: ["/", "/booking", "/settings", "/tracking", `/tracking/${CARLAS_ASSIGNED_DELIVERY}`, "/help"],
  rider: [
    "/rider-dashboard",
    `/rider/jobs/${CARLAS_ASSIGNED_DELIVERY}`,
    "/rider/history",
    "/rider/earnings",
    "/settings",
    "/coop",
    "/coop/proposals/demo-proposal-per-km",
    "/coop/proposals/new",
    "/coop/fund",
    "/coop/claims",
  ],
  admin: ADMIN_PAGES,
};
const ACCOUNTS = { customer: "09170000004", rider: "09170000002", admin: "09170000001" } as const;

interface Overflow {
  element: string;
  right: number;
  text: string;
}

/** What passes the right edge (or makes the page scroll sideways), and how high the top bar is. */
async function measure(page: Page, within = "body") {
  return page.evaluate(
    ({ width, allowed, within }) => {
      const describe = (el: Element) => {
        const classes =
          typeof el.className === "string" && el.className.trim()
            ? `.${el.className.trim().split(/\s+/).join(".")}`
            : "";
        const testId = el.getAttribute("data-testid");
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes}${testId ? `[data-testid=${testId}]` : ""}`;
      };
      const overflows: { element: string; right: number; text: string }[] = [];
      const reported = new Set<Element>();
      for (const el of Array.from(document.querySelector(within)?.querySelectorAll("*") ?? [])) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
        // Not drawn: hidden, or inside a closed <details> (the menu, the bell) or a closed dialog.
        if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
        if (allowed.some((selector) => el.closest(selector) && el.closest(selector) !== el)) continue;
        // Report the outermost element only: its children pass the edge with it.
        let parent = el.parentElement;
        let inReported = false;
        while (parent) {
          if (reported.has(parent)) inReported = true;
          parent = parent.parentElement;
        }
        reported.add(el);
        if (inReported) continue;
        overflows.push({
          element: describe(el),
          right: Math.round(box.right),
          text: (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60),
        });
      }
      const header = document.querySelector("header.top-nav") ?? document.querySelector("body header");
      return {
        scrollWidth: document.documentElement.scrollWidth,
        overflows,
        headerHeight: header ? Math.round(header.getBoundingClientRect().height) : null,
        path: location.pathname,
      };
    },
    { width: WIDTH, allowed: ALLOWED_SCROLLERS, within },
  );
}

async function walk(context: BrowserContext, paths: string[], language: "en" | "fil") {
  const page = await context.newPage();
  const found: Record<string, { scrollWidth?: number; headerHeight?: number; overflows?: Overflow[] }> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.locator("main, h1").first().waitFor();
    const result = await measure(page);
    const problems: (typeof found)[string] = {};
    if (result.scrollWidth > WIDTH) problems.scrollWidth = result.scrollWidth;
    if (result.overflows.length > 0) problems.overflows = result.overflows;
    if (result.headerHeight !== null && result.headerHeight > MAX_HEADER_PX)
      problems.headerHeight = result.headerHeight;
    if (Object.keys(problems).length > 0) found[`${language} ${path}`] = problems;
  }
  await page.close();
  return found;
}

async function contextIn(language: "en" | "fil") {
  const context = await newContext({
    viewport: { width: WIDTH, height: 740 },
    locale: language === "fil" ? "fil-PH" : "en-PH",
  });
  await context.addCookies([{ name: "lang", value: language, url: baseURL() }]);
  return context;
}

describe("every page at 360px, in both languages: nothing overflows sideways, the top bar at most 64 px", () => {
  for (const language of ["en", "fil"] as const) {
    it(`public pages (${language})`, async () => {
      expect(await walk(await contextIn(language), PAGES.public, language)).toEqual({});
    });

    for (const role of ["customer", "rider", "admin"] as const) {
      it(`${role} pages (${language})`, async () => {
        const context = await contextIn(language);
        await signInAs(context, ACCOUNTS[role]);
        expect(await walk(context, PAGES[role], language)).toEqual({});
      }, 120_000);
    }
  }

  it("the signed-in top bar opens its one menu at 360px without JavaScript, and the menu fits the screen", async () => {
    for (const language of ["en", "fil"] as const) {
      const context = await newContext({ javaScriptEnabled: false, viewport: { width: WIDTH, height: 740 } });
      await context.addCookies([{ name: "lang", value: language, url: baseURL() }]);
      await signInAs(context, ACCOUNTS.rider);
      const page = await context.newPage();
      await page.goto("/rider-dashboard");
      const bar = page.locator("header.top-nav");
      await expect(bar.evaluate((el) => el.getBoundingClientRect().height)).resolves.toBeLessThanOrEqual(MAX_HEADER_PX);
      const logout = bar.getByRole("button", { name: language === "fil" ? "Mag-log out" : "Logout" });
      await expect(logout.isVisible()).resolves.toBe(false);
      await bar.locator("summary.top-nav-menu-button").click();
      await logout.waitFor();
      // "Mag-log out" on one line, and the open menu inside the screen.
      const box = (await logout.boundingBox())!;
      expect(box.height).toBeLessThan(48);
      // The open menu (the page under it is the page walks' business above).
      const measured = await measure(page, "header.top-nav");
      expect(measured.overflows).toEqual([]);
    }
  });
});
