import type { Page } from "playwright-core";
import { openMenu } from "./top-nav";
import { describe, expect, it } from "vitest";
import { signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("English | Filipino", () => {
  it("switches the landing page to Filipino from the footer, and back, at 360px", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/");
    expect(await htmlLang(page)).toBe("en");
    const footer = page.locator("footer");
    await footer.getByRole("button", { name: "Filipino" }).click();
    await page.getByRole("heading", { name: "Delivery ng mga rider na may-ari ng kumpanya", level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe("fil");
    await expect(footer.getByRole("button", { name: "Filipino" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(page.getByRole("link", { name: "Maging rider" }).first().isVisible()).resolves.toBe(true);
    // The choice is kept: a new page load stays in Filipino.
    await page.reload();
    expect(await htmlLang(page)).toBe("fil");
    await footer.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: "Deliveries by riders who own the company", level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe("en");
  });

  it("switches without JavaScript too, staying on the same page", async () => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/help?tab=riders");
    await page.locator("footer").getByRole("button", { name: "Filipino" }).click();
    await page.waitForURL(`${baseURL()}/help?tab=riders`);
    expect(await htmlLang(page)).toBe("fil");
    await expect(page.locator("footer").getByRole("link", { name: "Maging rider" }).isVisible()).resolves.toBe(true);
    // The server renders the page in the chosen language: the search's answer too.
    await page.getByRole("searchbox").fill("GCash");
    await page.getByRole("searchbox").press("Enter");
    await page.getByRole("heading", { name: "3 na resulta para sa “GCash”" }).waitFor();
  });

  it("follows a Filipino browser, and a signed-in person's choice in the top bar is kept on their account", async () => {
    const context = await newContext({ locale: "fil-PH" });
    const page = await context.newPage();
    await page.goto("/");
    expect(await htmlLang(page)).toBe("fil");
    await signUpAs(context, "user");
    await page.goto("/settings");
    await (await openMenu(page)).getByRole("button", { name: "English" }).click();
    // The form's answer is the page again, in English (a page load: on a loaded machine, seconds).
    await page.getByRole("heading", { name: "Account Settings", level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe("en");
    // The account now says English: a fresh context with a Filipino browser and no cookie follows it.
    const cookies = (await context.cookies()).filter((cookie) => cookie.name === "hatid_session");
    const other = await newContext({ locale: "fil-PH" });
    await other.addCookies(cookies);
    const again = await other.newPage();
    await again.goto("/settings");
    expect(await htmlLang(again)).toBe("en");
    await expect(again.getByRole("combobox", { name: "Language" }).inputValue()).resolves.toBe("en");
  });
});
