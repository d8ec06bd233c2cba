import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs } from "./auth";
import { baseURL, useBrowser } from "./browser";
import { ADMIN_PAGES, CARLAS_ASSIGNED_DELIVERY } from "./demo-pages";

/**
 * Every signed-in page on a phone (360×740, a touch screen): each visible button, link, summary and
 * field is brought on screen, in the middle and at the bottom edge (where a thumb rests and where
 * anything fixed to the bottom sits), and the element a tap at the centre of its box would reach
 * (`document.elementFromPoint`) must be that element or inside it. Some of them are then tapped for
 * real (`touchscreen.tap`), the click kept from doing anything, and must reach what was aimed at.
 */
const { newContext } = useBrowser({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Each demo account and the pages it works in (the demo numbers of the README). */
const WALKS: { who: string; phone: string; paths: string[] }[] = [
  {
    who: "customer",
    phone: "09170000004",
    paths: ["/", "/booking", "/tracking", `/tracking/${CARLAS_ASSIGNED_DELIVERY}`, "/settings"],
  },
  {
    who: "rider",
    phone: "09170000002",
    paths: [
      "/",
      "/rider-dashboard",
      `/rider/jobs/${CARLAS_ASSIGNED_DELIVERY}`,
      `/tracking/${CARLAS_ASSIGNED_DELIVERY}`,
      "/rider/history",
      "/rider/earnings",
      "/settings",
    ],
  },
  // Mila: a member-owner who is offline, with an open proposal to vote on and a closed one to read.
  {
    who: "member-owner",
    phone: "09170000007",
    paths: [
      "/rider-dashboard",
      "/coop",
      "/coop/proposals/demo-proposal-per-km",
      "/coop/proposals/demo-proposal-rain-shelter",
      "/coop/proposals/new",
      "/coop/fund",
      "/coop/claims",
    ],
  },
  {
    who: "admin",
    phone: "09170000001",
    paths: ["/", ...ADMIN_PAGES, `/tracking/${CARLAS_ASSIGNED_DELIVERY}`],
  },
];

/** How many elements of a page are tapped for real (the last one on the page always among them). */
const TAPS_PER_PAGE = 4;

interface Miss {
  aimedAt: string;
  hit: string;
  at: string;
}

/**
 * In the page: every tappable element checked by hit-testing at the middle and at the bottom of
 * the screen. Answers the misses and, for the elements to tap for real, where to tap them (the
 * element marked with `data-tap-target` once it is scrolled there).
 */
function hitTestPage(taps: number) {
  const name = (el: Element | null) => {
    if (!el) return "nothing";
    const classes =
      typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const text = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes}${text ? ` "${text}"` : ""}`;
  };
  // Where a tap on it lands: the middle of its first line (an inline link that wraps has two
  // boxes, and the middle of their union may be the text beside it), as Playwright aims.
  const aimPoint = (el: Element) => {
    const box = Array.from(el.getClientRects()).find((rect) => rect.width >= 2 && rect.height >= 2);
    return box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null;
  };
  const reaches = (el: Element, hit: Element | null) =>
    hit !== null && (hit === el || el.contains(hit) || hit.closest("label")?.control === el);
  const selector =
    'a[href], button, summary, input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="tab"], [role="link"]';
  const misses: Miss[] = [];
  const tappable: Element[] = [];
  let checked = 0;
  for (const el of Array.from(document.querySelectorAll(selector))) {
    // Not drawn (hidden, in a closed <details> or dialog), or drawn as 1 px for screen readers only.
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    let seen = false;
    for (const block of ["center", "end"] as const) {
      el.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
      const point = aimPoint(el);
      // Covered by nothing, just out of the screen (a skip link parked off it): nothing to tap.
      if (!point || point.x < 0 || point.y < 0 || point.x >= innerWidth || point.y >= innerHeight) continue;
      seen = true;
      const hit = document.elementFromPoint(point.x, point.y);
      if (!reaches(el, hit))
        misses.push({
          aimedAt: name(el),
          hit: name(hit),
          at: `${block} (${Math.round(point.x)}, ${Math.round(point.y)})`,
        });
    }
    if (seen) checked += 1;
    const kind = el.tagName.toLowerCase();
    if (seen && (kind === "a" || kind === "button" || kind === "summary" || el.getAttribute("role") === "button"))
      tappable.push(el);
  }
  // Spread over the page, the last one (at the bottom of the page, so of the screen) included.
  const chosen = new Set<Element>();
  for (let i = 1; i <= Math.min(taps, tappable.length); i++)
    chosen.add(tappable[Math.round((i * tappable.length) / Math.min(taps, tappable.length)) - 1]!);
  const toTap = Array.from(chosen).map((el, index) => {
    el.setAttribute("data-tap-target", String(index));
    return name(el);
  });
  return { checked, misses, toTap };
}

/** Taps the marked element at the bottom of the screen with a finger; the click is kept from acting. Answers a miss, or null. */
async function tapFor(page: Page, index: number, aimedAt: string): Promise<Miss | null> {
  const aim = await page.evaluate((index) => {
    const el = document.querySelector(`[data-tap-target="${index}"]`)!;
    el.scrollIntoView({ block: "end", inline: "nearest", behavior: "instant" });
    const box = Array.from(el.getClientRects()).find((rect) => rect.width >= 2 && rect.height >= 2)!;
    const w = window as unknown as { tapped?: Element | null };
    w.tapped = null;
    // First in the page's path: the tap's click goes nowhere (no navigation, submission or toggle).
    window.addEventListener(
      "click",
      (event) => {
        w.tapped = event.target as Element;
        event.preventDefault();
        event.stopImmediatePropagation();
      },
      { capture: true, once: true },
    );
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }, index);
  await page.touchscreen.tap(aim.x, aim.y);
  const hit = await page.evaluate((index) => {
    const el = document.querySelector(`[data-tap-target="${index}"]`)!;
    const tapped = (window as unknown as { tapped?: Element | null }).tapped ?? null;
    if (tapped && (tapped === el || el.contains(tapped))) return null;
    return tapped
      ? `${tapped.tagName.toLowerCase()}${typeof tapped.className === "string" && tapped.className ? `.${tapped.className.trim().split(/\s+/).join(".")}` : ""}`
      : "no click";
  }, index);
  return hit === null ? null : { aimedAt, hit, at: `tapped (${Math.round(aim.x)}, ${Math.round(aim.y)})` };
}

/** The signed-in pages (app/routes/_app.*.tsx) as path patterns: `/admin/cashouts`, `/tracking/[^/]+`. */
function signedInRoutes() {
  const routes = path.join(__dirname, "../../app/routes");
  return readdirSync(routes)
    .filter((file) => file.startsWith("_app.") && file.endsWith(".tsx"))
    .map((file) => {
      const segments = file
        .slice("_app.".length, -".tsx".length)
        .split(".")
        .filter((segment) => segment !== "_index")
        .map((segment) => (segment.startsWith("$") ? "[^/]+" : segment.replace(/_$/, "")));
      return { file, pattern: new RegExp(`^/${segments.join("/")}$`) };
    });
}

describe("every tap lands on what it aims at, on every signed-in page of a 360×740 touch screen", () => {
  it("walks every signed-in page (app/routes/_app.*)", () => {
    const walked = WALKS.flatMap((walk) => walk.paths.map((p) => p.split("?")[0]!));
    const unwalked = signedInRoutes().filter(({ pattern }) => !walked.some((p) => pattern.test(p)));
    expect(unwalked.map(({ file }) => file)).toEqual([]);
  });

  for (const { who, phone, paths } of WALKS) {
    it(`${who}: ${paths.length} pages`, async () => {
      const context = await newContext();
      await signInAs(context, phone);
      const page = await context.newPage();
      const misses: Record<string, Miss[]> = {};
      for (const pathname of paths) {
        // Not waiting for every image and script of the page to load (`load`), only for its script
        // to have run (the toaster's mark): what shows then is what a thumb meets.
        const response = await page.goto(pathname, { waitUntil: "domcontentloaded" });
        // The page itself, not an error page or a page it sent the visitor to.
        expect(response?.status(), pathname).toBe(200);
        expect(page.url()).toBe(`${baseURL()}${pathname}`);
        await page.waitForFunction(() => document.documentElement.classList.contains("toasts-timed"));
        const found = await page.evaluate(hitTestPage, TAPS_PER_PAGE);
        // Nothing to aim at would make the page pass without being looked at.
        expect(found.checked, pathname).toBeGreaterThan(0);
        const pageMisses = [...found.misses];
        for (const [index, aimedAt] of found.toTap.entries()) {
          const miss = await tapFor(page, index, aimedAt);
          if (miss) pageMisses.push(miss);
        }
        if (pageMisses.length > 0) misses[pathname] = pageMisses;
      }
      expect(misses).toEqual({});
    });
  }
});
