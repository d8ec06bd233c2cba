import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signInAs, signUpAs } from "./auth";
import { baseURL, call, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** axe-core's own build, injected into each page (the pages' CSP is bypassed for it in these contexts only). */
const AXE_SOURCE = readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");
const WIDTHS = [360, 1280] as const;

interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: any[] }> } }
    ).axe;
    // Every default rule (best practices included), plus the one Lighthouse runs that axe keeps experimental.
    const result = await axe.run(document, {
      resultTypes: ["violations"],
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n: any) => n.target.join(" ")),
    }));
  });
}

/**
 * Opens each path at 360px, then widens it to 1280px (as a phone turned or a window resized), and
 * expects axe to find no violation of any impact at either width.
 */
async function expectNoViolations(context: BrowserContext, paths: string[]) {
  const page = await context.newPage();
  const found: Record<string, Violation[]> = {};
  for (const pathname of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    // The server renders every part (the top bar, a toast): the page as loaded is the page to check.
    await page.goto(pathname);
    await page.locator("main, h1").first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const list = await violations(page);
      if (list.length > 0) found[`${pathname} @${width}px`] = list;
    }
  }
  expect(found).toEqual({});
}

describe("accessibility: axe-core finds no violation on any page, at 360px and 1280px", () => {
  it("signed out: landing, become-rider, help, booking, sign-in", async () => {
    const context = await newContext({ bypassCSP: true });
    await expectNoViolations(context, ["/", "/become-rider", "/help", "/booking", "/sign-in"]);

    // With a toast showing (the toast list's markup, as the server renders it after a redirect), at 360px.
    const value = Buffer.from(
      JSON.stringify({ title: "Application received", description: "We will text you." }),
    ).toString("base64");
    await context.addCookies([{ name: "hatid_toast", value: encodeURIComponent(value), url: baseURL() }]);
    const withToast = await context.newPage();
    await withToast.setViewportSize({ width: 360, height: 800 });
    await withToast.goto("/become-rider");
    await withToast.getByRole("button", { name: "Submit Application" }).click();
    await withToast.locator("li.toast").waitFor();
    expect(await violations(withToast)).toEqual([]);

    // The harness can fail: a link named differently from its text, and an image without a name, are found.
    // The page's own scripts are held back, so nothing re-renders the markup under the check.
    const page = await context.newPage();
    await page.route("**/build/**/*.js", (route) => route.abort());
    await page.goto("/help");
    await page.evaluate(() => {
      document
        .querySelector("main")!
        .insertAdjacentHTML("beforeend", '<a href="/" aria-label="Go to the start">Hatid</a><img src="/favicon.ico">');
    });
    expect((await violations(page)).map((v) => v.id).sort()).toEqual(["image-alt", "label-content-name-mismatch"]);
  }, 150_000);

  it("every public page has its own title and meta description", async () => {
    const page = await (await newContext()).newPage();
    const seen = new Map<string, string>();
    for (const pathname of ["/", "/become-rider", "/help", "/booking", "/sign-in"]) {
      await page.goto(pathname);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(title, pathname).not.toBe("");
      expect(description?.length ?? 0, pathname).toBeGreaterThan(50);
      for (const key of [`title:${title}`, `description:${description}`]) {
        expect(seen.get(key), `${pathname} repeats ${key}`).toBeUndefined();
        seen.set(key, pathname);
      }
    }
  });

  /** A customer's delivery that a new rider has accepted: the pages of both have something to show. */
  async function acceptedDelivery() {
    const customerContext = await newContext({ bypassCSP: true });
    const riderContext = await newContext({
      bypassCSP: true,
      permissions: ["geolocation"],
      geolocation: { latitude: 14.55, longitude: 121.03 },
    });
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider");
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody());
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);
    return { customerContext, riderContext, delivery };
  }

  it("signed in: customer home, booking, help, tracking; admin", async () => {
    const { customerContext, delivery } = await acceptedDelivery();
    const adminContext = await newContext({ bypassCSP: true });
    await signInAs(adminContext, "09170000001");
    await expectNoViolations(customerContext, ["/", "/booking", "/help", "/become-rider", `/tracking/${delivery.id}`]);
    await expectNoViolations(adminContext, ["/admin"]);
  }, 150_000);

  it("signed in: rider dashboard, job screen and tracking, and the job screen by keyboard", async () => {
    const { riderContext, delivery } = await acceptedDelivery();
    await expectNoViolations(riderContext, [
      "/rider-dashboard",
      `/rider/jobs/${delivery.id}`,
      `/tracking/${delivery.id}`,
    ]);

    // Keyboard only: Tab reaches the job screen's controls in reading order, each with a visible focus.
    const job = await riderContext.newPage();
    await job.setViewportSize({ width: 360, height: 800 });
    await job.goto(`/rider/jobs/${delivery.id}`);
    await job.getByTestId("job-next-step").filter({ hasText: "Confirm Pickup" }).waitFor();
    const reached: { name: string; top: number; visible: boolean }[] = [];
    for (let i = 0; i < 25; i++) {
      await job.keyboard.press("Tab");
      const focused = await job.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visible =
          (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
        return {
          name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(),
          top: el.getBoundingClientRect().top + window.scrollY,
          visible,
        };
      });
      if (focused) reached.push(focused);
    }
    const names = reached.map((r) => r.name);
    for (const control of ["Rider Dashboard", "Confirm Pickup", "Navigate to Pickup"])
      expect(
        names.some((n) => n.includes(control)),
        control,
      ).toBe(true);
    expect(names.some((n) => n.startsWith("Call pickup contact"))).toBe(true);
    expect(
      reached.filter((r) => !r.visible),
      "controls without a visible focus",
    ).toEqual([]);
    const jobControls = reached.slice(
      names.findIndex((n) => n.includes("Confirm Pickup")),
      names.findIndex((n) => n.includes("Navigate to Pickup")) + 1,
    );
    expect(jobControls.map((r) => r.top)).toEqual([...jobControls.map((r) => r.top)].sort((a, b) => a - b));
  }, 150_000);
});
