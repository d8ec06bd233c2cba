import type { Page } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { baseURL, call, useBrowser, WITH_SERVICE_WORKER } from "./browser";
import { raiseToast, scriptsRan } from "./scripts-ran";
import { openBell, openMenu } from "./top-nav";

const { newContext } = useBrowser(WITH_SERVICE_WORKER);

const pngSize = (bytes: ArrayBuffer) => {
  const view = new DataView(bytes);
  return { signature: view.getUint32(0), width: view.getUint32(16), height: view.getUint32(20) };
};

describe("installable app", () => {
  it("serves a manifest with the name, standalone display, theme colour and PNG icons 192, 512 and maskable", async () => {
    const response = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Hatid",
      short_name: "Hatid",
      display: "standalone",
      start_url: "/",
      theme_color: "#0f766e",
    });
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseURL()}${icon.src}`);
      expect(image.headers.get("Content-Type"), icon.src).toContain("image/png");
      const { signature, width, height } = pngSize(await image.arrayBuffer());
      expect(signature, icon.src).toBe(0x89504e47);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  });

  it("links the manifest from every page", async () => {
    for (const path of ["/", "/help", "/become-rider", "/booking", "/no-such-page"]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    }
  });

  it("keeps working offline: the last copy of a visited page, the offline page for the others", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
      }
    });
    // The landing again, now through the worker, so that its copy is kept.
    await page.reload();
    const caches = await page.evaluate(() => globalThis.caches.keys());
    expect(caches.filter((name) => name.startsWith("hatid-assets-"))).toHaveLength(1);

    await context.setOffline(true);
    await page.goto("/help");
    await expect(page.getByRole("heading", { name: "You are offline" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Try again" }).isVisible()).resolves.toBe(true);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "You are offline" }).count()).resolves.toBe(0);
    await expect(page.locator("body").innerText()).resolves.toMatch(/Hatid/);
    await context.setOffline(false);
  });

  it("precaches every script in public/build, the lazily imported chunks included (the map's large script is kept when first used)", async () => {
    const worker = await (await fetch(`${baseURL()}/sw.js`)).text();
    const precache = JSON.parse(/const PRECACHE = (\[.*?\]);/s.exec(worker)![1]!) as string[];
    const manifestSource = await (
      await fetch(
        `${baseURL()}${/\/build\/manifest-[\w]+\.js/.exec(await (await fetch(`${baseURL()}/no-such-page`)).text())![0]!}`,
      )
    ).text();
    // Every route module and every chunk any module imports (statically or with import()) is listed.
    const built = [...new Set([...manifestSource.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!))];
    expect(built.length).toBeGreaterThan(10);
    const missing = (files: string[]) =>
      files.filter((file) => !precache.includes(file) && !/\/mapbox-gl-\w+\.js$/.test(file));
    expect(missing(built)).toEqual([]);
    const dynamicImports = [
      ...new Set(
        precache
          .filter((file) => file.endsWith(".js"))
          .flatMap((file) =>
            [
              ...readFileSync(path.join("public", file), "utf8").matchAll(/import\(["'](\/build\/[^"']+\.js)["']\)/g),
            ].map((match) => match[1]!),
          ),
      ),
    ];
    expect(dynamicImports.length).toBeGreaterThan(0);
    expect(missing(dynamicImports)).toEqual([]);
  });

  it("never shows 'Application Error': the rider dashboard loaded online keeps working offline, whatever the rider presses", async () => {
    const customerContext = await newContext();
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider");
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(customer.cookie, "/api/deliveries", bookingBody({ packageDescription: "Offline frame parcel" }));

    const page = await riderContext.newPage();
    const errors = watchErrors(page);
    await page.goto("/rider-dashboard");
    await controlled(page);
    // Loaded again under the service worker: the phone keeps a copy of the dashboard.
    await raiseToast(riderContext, { title: "Settings Saved" });
    await page.reload();
    await scriptsRan(page);

    await riderContext.setOffline(true);
    const noApplicationError = async (step: string) => {
      const text = await page.locator("body").innerText();
      expect(text, step).not.toMatch(
        /Application Error|TypeError|Failed to fetch dynamically imported module|at \w+ \(/,
      );
    };
    // The menu, the bell, a page of the menu, Accept: each offline.
    await openMenu(page);
    await noApplicationError("menu opened offline");
    await page.keyboard.press("Escape");
    await openBell(page);
    await noApplicationError("bell opened offline");
    await page.keyboard.press("Escape");
    const accept = page.getByRole("button", { name: "Accept Delivery" }).first();
    if (await accept.isVisible()) {
      await accept.click();
      await page.waitForTimeout(1_000);
      await noApplicationError("Accept pressed offline");
    }
    await page.goto("/rider-dashboard").catch(() => undefined);
    await page.locator("body").waitFor();
    await noApplicationError("dashboard reloaded offline");
    await (await openMenu(page)).getByRole("link", { name: "Book Delivery" }).click();
    await page.waitForTimeout(1_000);
    await noApplicationError("a page of the menu opened offline");
    expect(errors.filter((text) => /dynamically imported module|Importing a module script failed/i.test(text))).toEqual(
      [],
    );
    await riderContext.setOffline(false);
  }, 90_000);

  it("the error page is friendly, in the reader's language, with Retry and no raw error", async () => {
    for (const [language, title, retry] of [
      ["en", "Something went wrong", "Retry"],
      ["fil", "May nangyaring mali", "Subukan ulit"],
    ] as const) {
      const context = await newContext();
      await context.addCookies([{ name: "lang", value: language, url: baseURL() }]);
      const page = await context.newPage();
      await page.goto("/no-such-page");
      // A page that fails (a form posted to a page without an action: 405), shown by the root's error page.
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === "POST"),
        page.evaluate(() => {
          document.body.insertAdjacentHTML(
            "beforeend",
            '<form method="post" action="/no-such-page" id="failing-form"></form>',
          );
          (document.getElementById("failing-form") as HTMLFormElement).submit();
        }),
      ]);
      expect(response.status()).toBe(405);
      await page.getByRole("heading", { name: title }).waitFor();
      const body = await page.locator("body").innerText();
      await expect(page.getByRole("link", { name: retry }).isVisible()).resolves.toBe(true);
      expect(body).not.toMatch(/Application Error|Error:|at \w+ \(/);
    }
  });
});

/** Waits until the service worker controls the page (every build file is precached by then). */
const controlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
  });

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
