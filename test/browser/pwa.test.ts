import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

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
    expect(manifest).toMatchObject({ name: "Hatid", short_name: "Hatid", display: "standalone", start_url: "/", theme_color: "#0f766e" });
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
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
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
});
