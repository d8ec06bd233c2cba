import type { BrowserContext, Page } from "playwright-core";
import { baseURL } from "./browser";

/** Raises a flash toast, as a server action would, for the context's next page load. */
export async function raiseToast(context: BrowserContext, toast: { title: string; description?: string }) {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64");
  await context.addCookies([{ name: "hatid_toast", value: encodeURIComponent(value), url: baseURL() }]);
}

/**
 * Waits until a page's JavaScript has run, seen as a user sees it: a toast raised before the page
 * loaded (raiseToast) leaves the page, which only the page's script does (the stylesheet only hides
 * it). For the few steps that need the script (keys, the bell listening to the service worker).
 */
export async function scriptsRan(page: Page) {
  await page.locator("li.toast").first().waitFor({ state: "detached", timeout: 30_000 });
}
