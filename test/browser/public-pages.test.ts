import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminCookie, signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

async function open(path: string, options: { javaScriptEnabled?: boolean } = {}) {
  const page = await (await newContext(options)).newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return page;
}

const inViewport = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top < window.innerHeight && r.bottom > 0;
  });

/** Waits until the element's top edge has come to rest inside the viewport (smooth scrolling included). */
async function waitInViewport(locator: Locator) {
  const top = () => locator.evaluate((el) => Math.round(el.getBoundingClientRect().top));
  await expect
    .poll(
      async () => {
        const t = await top();
        return t >= -2 && t < (await locator.page().evaluate(() => window.innerHeight)) - 40;
      },
      { timeout: 5_000 },
    )
    .toBe(true);
}

async function metaDescription(page: Page) {
  return page.locator('meta[name="description"]').getAttribute("content");
}

async function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

const manilaYear = () =>
  new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", year: "numeric" }).format(new Date());

describe("landing page (signed out)", () => {
  it("shows the landing's sections, footer links and this year's copyright, on a 360px screen", async () => {
    const page = await open("/");
    expect(await page.title()).toBe("Hatid · Rider-owned delivery cooperative");
    expect(await metaDescription(page)).toMatch(/deliveries/);
    for (const heading of ["Our Services", "Ride with us, own the cooperative", "What People Say", "Get Started"]) {
      expect(await page.getByRole("heading", { name: heading, exact: true }).isVisible(), heading).toBe(true);
    }
    for (const card of ["Fast, Fair Deliveries", "Rider Ownership", "Community Services"]) {
      expect(await page.getByRole("heading", { name: card }).isVisible(), card).toBe(true);
    }
    const stats = await page.locator(".stats-grid").innerText();
    for (const figure of ["99.9%", "Safety record", "24/7", "Nationwide"]) expect(stats).toContain(figure);
    expect(await page.locator("#register").getByRole("heading", { name: "Get Started" }).count()).toBe(1);

    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(
      expect.arrayContaining(["/help", "/become-rider", "/become-rider#application-form", "/#register"]),
    );
    expect(await footer.innerText()).toContain(`© ${manilaYear()} Hatid`);
    expect(await page.getByText(/TechHaul|© 2025/).count()).toBe(0);
    expect(await noHorizontalOverflow(page)).toBe(true);
  });

  it("scrolls to the register section with Book a Delivery, and opens /become-rider with Become a Rider, tapped", async () => {
    const page = await (await newContext({ hasTouch: true })).newPage();
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Deliveries by riders who own the company" });
    const register = page.locator("#register");
    expect(await inViewport(register)).toBe(false);
    await hero.getByRole("link", { name: "Book a Delivery" }).tap();
    await waitInViewport(register);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    // Signing in makes no one a rider: the button leads to the application.
    await hero.getByRole("link", { name: "Become a Rider" }).tap();
    await page.waitForURL((url) => url.pathname === "/become-rider");
  });

  it("moves the testimonial carousel with its dots, the arrow keys and a swipe", async () => {
    const context = await newContext({ hasTouch: true });
    const page = await context.newPage();
    await page.goto("/");
    const carousel = page.getByRole("region", { name: /^Testimonials/ });
    const dots = carousel.getByRole("link", { name: /^Show testimonial/ });
    expect(await dots.count()).toBe(3);
    await carousel.scrollIntoViewIfNeeded();

    const shownSlide = () =>
      page.evaluate(() => {
        const track = document.querySelector(".carousel-track")!.getBoundingClientRect();
        const slides = [...document.querySelectorAll(".carousel-slide")];
        return slides.findIndex((s) => Math.abs(s.getBoundingClientRect().left - track.left) < 4) + 1;
      });
    const currentDot = () => carousel.locator('[aria-current="true"]').getAttribute("aria-label");
    async function expectSlide(n: number) {
      await expect.poll(shownSlide, { timeout: 5_000 }).toBe(n);
      await expect.poll(currentDot).toBe(`Show testimonial ${n} of 3`);
    }

    await expectSlide(1);
    expect(await carousel.getByText("Maricel D.").isVisible()).toBe(true);
    await dots.nth(1).click();
    await expectSlide(2);
    await dots.nth(2).click();
    await expectSlide(3);
    await dots.nth(0).click();
    await expectSlide(1);

    await page.locator(".carousel-track").focus();
    await page.keyboard.press("ArrowRight");
    await expectSlide(2);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectSlide(3); // wraps around

    // A finger swiping right goes back one slide, swiping left goes forward; the dot follows.
    const box = (await page.locator(".carousel-track").boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const swipe = async (dx: number) => {
      const y = box.y + box.height / 2;
      const x0 = box.x + box.width / 2 - dx / 2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
      for (let i = 1; i <= 10; i++) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x0 + (dx * i) / 10, y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(200);
    await expectSlide(2);
    await swipe(-200);
    await expectSlide(3);
  });

  it("can be read, and its hero buttons used, without JavaScript", async () => {
    const page = await open("/", { javaScriptEnabled: false });
    expect(await page.getByRole("heading", { name: "Our Services" }).isVisible()).toBe(true);
    expect(await page.getByText("Maricel D.").count()).toBe(1);
    const hero = page.getByRole("region", { name: "Deliveries by riders who own the company" });
    await hero.getByRole("link", { name: "Book a Delivery" }).click();
    await waitInViewport(page.locator("#register"));
    expect(page.url()).toMatch(/#register$/);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await hero.getByRole("link", { name: "Become a Rider" }).click();
    await page.waitForURL((url) => url.pathname === "/become-rider");
  });
});

describe("/become-rider", () => {
  it("shows the recruitment sections with the requirements and reminders", async () => {
    const page = await open("/become-rider");
    expect(await page.title()).toBe("Become a Rider · Hatid");
    expect(await metaDescription(page)).toMatch(/85%/);
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");

    const section = (name: string) => page.getByRole("region", { name, exact: true });
    expect(await section("From Our Riders").getByRole("figure").count()).toBe(2);
    expect(await section("Why Ride With Us").getByRole("listitem").count()).toBe(6);
    const requirements = section("Requirements");
    const cards = requirements.locator(".grid > li");
    expect(await cards.count()).toBe(3);
    expect(await cards.nth(0).innerText()).toMatch(
      /Motorcycle[\s\S]*original registration year of 2019 or later[\s\S]*notarized authorization or deed of sale/,
    );
    expect(await cards.nth(1).innerText()).toMatch(
      /Driver's License[\s\S]*restriction code 1 or A[\s\S]*professional license is preferred/,
    );
    expect(await cards.nth(2).innerText()).toMatch(
      /Clearance and ID[\s\S]*NBI, barangay or police clearance[\s\S]*government-issued ID/,
    );
    const reminders = await page
      .getByRole("complementary", { name: "Reminders" })
      .getByRole("listitem")
      .allInnerTexts();
    expect(reminders).toHaveLength(4);
    expect(reminders.join("\n")).toMatch(
      /51 to 65[\s\S]*fit to drive[\s\S]*rental programme[\s\S]*dress code[\s\S]*phone's browser/,
    );
    const steps = await section("How to Join in 4 Steps").getByRole("listitem").allInnerTexts();
    expect(steps).toHaveLength(4);
    expect(steps.join("\n")).toMatch(/SMS[\s\S]*safety training[\s\S]*skills test[\s\S]*inspection[\s\S]*rider kit/);
    expect(await noHorizontalOverflow(page)).toBe(true);
  });

  it("scrolls to the application form with Apply Now", async () => {
    const page = await open("/become-rider");
    const form = page.locator("#application-form");
    expect(await inViewport(form)).toBe(false);
    await page.getByRole("link", { name: "Apply Now" }).first().click();
    await waitInViewport(form);
  });

  // Seven plain form posts, each a page load: more than the default minute on a loaded machine.
  it("checks the application in the fields' order with 'Error' toasts, then confirms it and clears the form", {
    timeout: 180_000,
  }, async () => {
    const page = await open("/become-rider");
    const mobile = page.getByLabel("Mobile Number");
    expect(await mobile.getAttribute("type")).toBe("tel");
    expect(await page.getByText("11 digits starting with 09, e.g. 09171234567").isVisible()).toBe(true);
    // Any city or municipality the co-op's data has, suggested as the applicant types (not a fixed list of eight).
    const listId = await page.getByLabel("City").getAttribute("list");
    const cities = await page
      .locator(`datalist[id="${listId}"] option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(cities).toEqual(
      expect.arrayContaining([
        "Manila, Metro Manila",
        "Cebu City, Cebu",
        "Davao City, Davao del Sur",
        "Calamba City, Laguna",
        "Calbayog City, Samar",
      ]),
    );
    expect(cities.length).toBeGreaterThan(1000);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() || request.url().includes("/api/"))
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    // Each submit is a plain form post answered by the server (the page has no React, decision 0188).
    const submit = async () => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/become-rider",
      );
      await page.getByRole("button", { name: "Submit Application" }).click();
      await answered;
      await page.waitForLoadState();
    };
    const expectErrorToast = async (message: string) => {
      const toast = page.getByRole("alert").filter({ hasText: message });
      await toast.waitFor({ state: "visible", timeout: 5_000 });
      expect(await toast.locator(".toast-title").innerText()).toBe("Error");
      expect(await page.locator(".toast").count()).toBe(1);
    };

    // The name is asked as first and last name.
    await submit();
    await expectErrorToast("Please enter your first name.");
    await page.getByLabel("First Name").fill("   ");
    await submit();
    await expectErrorToast("Please enter your first name.");
    await page.getByLabel("First Name").fill("Juan");
    await submit();
    await expectErrorToast("Please enter your last name.");
    await page.getByLabel("Last Name").fill("Dela Cruz");
    await submit();
    await expectErrorToast("Please enter your mobile number.");
    await mobile.fill("09171234567");
    await submit();
    await expectErrorToast("Please select your city.");
    await page.getByLabel("City").fill("Cebu City, Cebu");
    await submit();
    await expectErrorToast("Please select if you have a motorcycle.");
    expect(await page.getByLabel("First Name").inputValue()).toBe("Juan");
    await page.getByLabel("Yes, I have a motorcycle").check();
    await page.getByLabel(/Referral Code/).fill("RICO25");
    await submit();

    const success = page.getByRole("status").filter({ hasText: "Application Submitted!" });
    await success.waitFor({ state: "visible", timeout: 5_000 });
    expect(await success.innerText()).toContain("Our team will contact you within 1-2 business days. Salamat!");
    expect(await page.getByLabel("First Name").inputValue()).toBe("");
    expect(await page.getByLabel("Last Name").inputValue()).toBe("");
    expect(await mobile.inputValue()).toBe("");
    expect(await page.getByLabel("City").inputValue()).toBe("");
    expect(await page.getByLabel("Yes, I have a motorcycle").isChecked()).toBe(false);
    expect(await page.getByLabel(/Referral Code/).inputValue()).toBe("");
    // The form posts to the page's action only (no JSON call), and the success is a redirect (post, redirect, get).
    expect(requests.filter((r) => r.includes("/api/"))).toEqual([]);
    expect(requests.filter((r) => r.startsWith("POST"))).toHaveLength(7);
    expect(requests.at(-1)).toBe("GET /become-rider");
  });

  it("takes an application with JavaScript disabled, end to end", async () => {
    const page = await open("/become-rider", { javaScriptEnabled: false });
    await page.getByLabel("First Name").fill("Nilo");
    await page.getByLabel("Last Name").fill("Santos");
    await page.getByLabel("Mobile Number").fill(`0918${String(Date.now()).slice(-7)}`);
    await page.getByLabel("City").fill("Calbayog City, Samar");
    await page.getByLabel("Yes, I have a motorcycle").check();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("status").filter({ hasText: "Application Submitted!" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/become-rider");
    expect(await page.getByLabel("First Name").inputValue()).toBe("");
  });

  it("checks the application on the server when JavaScript is off, storing nothing", async () => {
    const page = await open("/become-rider", { javaScriptEnabled: false });
    await page.getByLabel("First Name").fill("Juan");
    await page.getByLabel("Last Name").fill("Dela Cruz");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.waitForLoadState();
    const form = page.locator("#rider-application");
    expect(await form.getByText("Please enter your mobile number.").isVisible()).toBe(true);
    expect(await form.getByText("Please select your city.").isVisible()).toBe(true);
    expect(await form.getByText("Please enter your first name.").count()).toBe(0);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Juan");
    expect(await page.getByLabel("Last Name").inputValue()).toBe("Dela Cruz");
  });
});

describe("/help", () => {
  const questionsShown = (page: Page) => page.locator("details.accordion-item > summary").allInnerTexts();

  it("shows the tabs, the rate card, the co-op's figures and 'Still Need Help?'", async () => {
    const page = await open("/help");
    // The demo co-op has its contacts set (other tests change the hotline, never all three).
    const reachUs = page.getByRole("region", { name: "Still Need Help?" });
    expect(await reachUs.locator('a[href^="https://m.me/"], a[href^="mailto:"]').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe("Help Center · Hatid");
    expect(await metaDescription(page)).toMatch(/rate card/);
    const tabs = page.getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual(["For Customers", "For Riders", "Pricing & Payment"]);
    expect(await page.getByRole("tab", { name: "For Customers" }).getAttribute("aria-selected")).toBe("true");

    const panelText = async (tab: string) => {
      // A tab is a link (`?tab=`): the server renders its panel.
      const href = await page.getByRole("tab", { name: tab }).getAttribute("href");
      await page.getByRole("tab", { name: tab }).click();
      await page.waitForURL((url) => url.search === href);
      expect(await page.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      return page.getByRole("tabpanel").evaluate((el) => el.textContent ?? "");
    };
    const customers = await panelText("For Customers");
    expect(customers).toMatch(
      /within 2 minutes of booking[\s\S]*₱20\.00 once a rider is assigned[\s\S]*₱50\.00 once the rider has arrived[\s\S]*once the package has been picked up/,
    );
    expect(customers).toMatch(/PWD: 20% off[\s\S]*Senior citizens: 20% off[\s\S]*Students: 10% off/);
    const riders = await panelText("For Riders");
    for (const figure of [
      "₱2,500",
      "₱1,500-2,500",
      "₱50-100",
      "₱1 per delivery",
      "₱200,000 accident and medical",
      "₱500,000 death",
      "₱150,000 burial",
      "15+ deliveries ₱100",
      "20+ deliveries ₱200",
      "4.8+ adds ₱50",
      "40+ deliveries ₱500",
      "60+ deliveries ₱1,000",
      "extra ₱2,000",
      "100 deliveries with a rating of 4.5",
      "₱500",
      "GCash: instant and free",
      "1-2 business days, ₱15 fee",
      "Office pickup: same day and free",
    ]) {
      expect(riders, figure).toContain(figure);
    }
    const pricing = await panelText("Pricing & Payment");
    const rateCard = await page.getByRole("complementary", { name: "Rate card" }).innerText();
    expect(rateCard).toContain("Base fare ₱40.00 covers the first 2 km");
    expect(rateCard).toContain("₱10.00 per km after that");
    expect(rateCard).toContain("medium ₱20.00, large ₱50.00");
    expect(rateCard).toContain("85%");
    for (const figure of [
      "Maya",
      "Visa, Mastercard",
      "Bank transfer, for business accounts",
      "1-3 business days",
      "5-7 business days",
      "Cash: instant",
      "NEWCOOP: ₱50 off your first delivery",
      "COOP100: ₱100 off orders of ₱500 or more",
    ]) {
      expect(pricing, figure).toContain(figure);
    }

    // The contacts are co-op settings, shown only when set (no placeholders).
    const setContacts = async (contacts: Record<string, string | null>) => {
      const headers = { "Content-Type": "application/json", Origin: baseURL(), Cookie: await adminCookie() };
      const current = (await (await fetch(`${baseURL()}/api/admin/settings`, { headers })).json()) as {
        version: number;
        settings: Record<string, unknown>;
      };
      const saved = await fetch(`${baseURL()}/api/admin/settings`, {
        method: "PUT",
        headers,
        body: JSON.stringify({ ...current.settings, contacts, baseVersion: current.version }),
      });
      expect(saved.status).toBe(200);
    };
    await setContacts({ hotline: null, messenger: null, email: null });
    await page.reload();
    await page.getByRole("tab", { name: "For Customers" }).waitFor();
    expect(await page.getByRole("region", { name: "Still Need Help?" }).count()).toBe(0);
    expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
    await setContacts({ hotline: "(02) 8424 2843", messenger: "https://m.me/hatid.coop", email: "support@hatid.coop" });
    await page.reload();
    const help = page.getByRole("region", { name: "Still Need Help?" });
    await help.waitFor();
    expect(await help.locator('a[href^="https://m.me/"]').count()).toBe(1);
    expect(await help.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await help.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await help.getByRole("heading", { name: "Emergency Hotline" }).isVisible()).toBe(true);
    expect(await noHorizontalOverflow(page)).toBe(true);
  });

  it("filters the questions of every tab as the user types, with an empty state", async () => {
    const page = await open("/help");
    const all = await questionsShown(page);
    expect(all).toContain("How do I book a delivery?");
    await page.getByRole("searchbox", { name: "Search help articles" }).pressSequentially("GCash");
    await page.getByRole("heading", { name: "3 results for “GCash”" }).waitFor({ timeout: 5_000 });
    expect(await questionsShown(page)).toEqual([
      "How do I cash out my earnings?",
      "How can I pay?",
      "How long do refunds take?",
    ]);
    for (const text of await page
      .locator("details.accordion-item")
      .evaluateAll((items) => items.map((i) => i.textContent ?? ""))) {
      expect(text.toLowerCase()).toContain("gcash");
    }
    expect(await page.getByRole("tab").count()).toBe(0);

    await page.getByRole("searchbox").fill("helicopter");
    await page.getByRole("heading", { name: "No results for “helicopter”" }).waitFor({ timeout: 5_000 });
    expect(await questionsShown(page)).toEqual([]);
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => questionsShown(page)).toEqual(all);
  });

  it("keeps one accordion item open at a time, and closes it when clicked again", async () => {
    const page = await open("/help");
    const item = (question: string) =>
      page.locator("details.accordion-item").filter({ has: page.getByText(question, { exact: true }) });
    const openCount = () => page.locator("details.accordion-item[open]").count();
    const first = item("How do I book a delivery?");
    const second = item("How do I track my delivery?");
    const firstAnswer = first.getByText(/press Confirm Booking/);
    expect(await firstAnswer.isVisible()).toBe(false);

    await first.locator("summary").click();
    await firstAnswer.waitFor({ state: "visible", timeout: 5_000 });
    expect(await openCount()).toBe(1);
    await second.locator("summary").click();
    await second.getByText(/live position on the map/).waitFor({ state: "visible", timeout: 5_000 });
    expect(await firstAnswer.isVisible()).toBe(false);
    expect(await openCount()).toBe(1);
    await second.locator("summary").click();
    await expect.poll(openCount).toBe(0);
  });

  it("can be read without JavaScript: tabs are links and the search is a form", async () => {
    const page = await open("/help?tab=riders", { javaScriptEnabled: false });
    expect(await page.getByRole("tab", { name: "For Riders" }).getAttribute("aria-selected")).toBe("true");
    expect(await questionsShown(page)).toContain("How do I cash out my earnings?");
    await page.locator("details.accordion-item summary", { hasText: "Am I insured while riding?" }).click();
    expect(await page.getByText("₱500,000 death benefit").isVisible()).toBe(true);

    await page.getByRole("searchbox").fill("refunds");
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\?q=refunds/);
    await page.getByRole("heading", { name: "1 result for “refunds”" }).waitFor();
    expect(await questionsShown(page)).toEqual(["How long do refunds take?"]);

    await page.getByRole("searchbox").fill("helicopter");
    await page.getByRole("searchbox").press("Enter");
    await page.getByRole("heading", { name: "No results for “helicopter”" }).waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await page.getByRole("tab", { name: "For Customers" }).waitFor();
    expect(await questionsShown(page)).toContain("How do I book a delivery?");
  });

  it("searches as the user types on a page opened with a search, and clears back to the topics", async () => {
    const page = await open("/help?q=refunds");
    expect(await questionsShown(page)).toEqual(["How long do refunds take?"]);
    await page.getByRole("searchbox").fill("GCash");
    await page.getByRole("heading", { name: "3 results for “GCash”" }).waitFor({ timeout: 5_000 });
    expect(new URL(page.url()).search).toBe("?q=GCash");
    await page.getByRole("searchbox").fill("");
    await page.getByRole("tab", { name: "For Customers" }).waitFor();
    expect(await questionsShown(page)).toContain("How do I book a delivery?");
  });
});

describe("public pages without the framework (decision 0188)", () => {
  const PAGES: [string, string[]][] = [
    ["/", ["carousel", "sign-in"]],
    ["/become-rider", []],
    ["/help", ["help-search"]],
    ["/sign-in", ["sign-in"]],
    ["/booking", ["carousel", "sign-in"]], // the landing, for a visitor who is not signed in
  ];

  it("loads no React runtime: only the page's own scripts, no route modules, no Remix context", async () => {
    const page = await (await newContext()).newPage();
    for (const [path, scripts] of PAGES) {
      const loaded: string[] = [];
      const onRequest = (request: import("playwright-core").Request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith(".js") && url.pathname !== "/sw.js") loaded.push(url.pathname);
      };
      page.on("request", onRequest);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      page.off("request", onRequest);
      const names = loaded.map((file) => file.match(/^\/build\/pages\/([a-z-]+)-[0-9A-Z]{8}\.js$/)?.[1] ?? file).sort();
      expect(names, path).toEqual([...scripts].sort());
      expect(await page.locator('link[rel="modulepreload"]').count(), path).toBe(0);
      expect(await page.evaluate(() => "__remixContext" in window), path).toBe(false);
      // The service worker's registration stays (inline, with the CSP nonce).
      expect(
        await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes("serviceWorker"))),
        path,
      ).toBe(true);
    }
  });

  it("loads a public page as a document when a React page links to it (no React takes it over)", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/settings");
    await page.getByRole("link", { name: "Apply on the Become a Rider page" }).click();
    await page.waitForURL((url) => url.pathname === "/become-rider");
    await expect.poll(() => page.evaluate(() => "__remixContext" in window), { timeout: 10_000 }).toBe(false);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    expect(await page.title()).toBe("Become a Rider · Hatid");
  });

  it("keeps React on the signed-in pages and the 404 page", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/no-such-page");
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
  });

  it("runs the page scripts under the Content Security Policy (no violation reported)", async () => {
    const page = await (await newContext()).newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of ["/", "/help", "/sign-in"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
  });
});
