import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { helpFaqs } from "~/i18n/catalogs/fil/helpFaqs";
import { shell } from "~/i18n/catalogs/fil/shell";
import { help } from "~/i18n/catalogs/fil/help";
import { useBrowser } from "./browser";
import { expectAllFilipino, filipinoContext } from "./filipino";

const { newContext } = useBrowser();

const TABS = [helpFaqs["tab.customers"], helpFaqs["tab.riders"], helpFaqs["tab.pricing"]];
const questionsShown = (page: Page) => page.locator("details.accordion-item > summary").allInnerTexts();

describe("/help in Filipino at 360px", () => {
  it("shows every tab, its questions, the rate card, the search and its empty state in Filipino", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    expect((await page.goto("/help"))?.status()).toBe(200);
    expect(await page.title()).toBe(help["meta.title"]);
    expect(await page.getByRole("tab").allInnerTexts()).toEqual(TABS);
    for (const tab of TABS) {
      // A tab is a link (`?tab=`): the server renders its panel.
      const href = await page.getByRole("tab", { name: tab }).getAttribute("href");
      await page.getByRole("tab", { name: tab }).click();
      await page.waitForURL((url) => url.search === href);
      expect(await page.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      await page.locator("details.accordion-item > summary").first().click();
      await page.locator("details.accordion-item[open] .accordion-body").waitFor({ timeout: 5_000 });
      await expectAllFilipino(page, `/help, ${tab}`);
    }
    // The pricing tab quotes the settings in force, in Filipino.
    expect(await page.getByRole("complementary", { name: help["rateCard.heading"] }).innerText()).toContain(
      "Base fare na ₱40.00 para sa unang 2 km",
    );
    expect(await page.getByRole("tabpanel").evaluate((panel) => panel.textContent)).toContain(
      "NEWCOOP: ₱50 na bawas sa una mong delivery",
    );

    // Searching reads the Filipino answers.
    await page.getByRole("searchbox", { name: help["search.label"] }).pressSequentially("cash out");
    await page.getByRole("heading", { name: "1 resulta para sa “cash out”" }).waitFor({ timeout: 5_000 });
    expect(await questionsShown(page)).toEqual([helpFaqs["riderCashOut.question"]]);
    await expectAllFilipino(page, "/help, a search");
    await page.getByRole("searchbox").fill("helicopter");
    await page.getByRole("heading", { name: "Walang resulta para sa “helicopter”" }).waitFor({ timeout: 5_000 });
    await expectAllFilipino(page, "/help, a search without results");
    await page.getByRole("button", { name: help["empty.clear"] }).click();
    await expect.poll(() => page.getByRole("tab").count()).toBe(3);
  });

  it("reads in Filipino without JavaScript too: every tab link and the search form", async () => {
    const page = await (await filipinoContext(newContext, { javaScriptEnabled: false })).newPage();
    for (const tab of ["customers", "riders", "pricing"]) {
      expect((await page.goto(`/help?tab=${tab}`))?.status()).toBe(200);
      expect(await page.getByRole("tab", { selected: true }).innerText()).toBe(
        helpFaqs[`tab.${tab}` as keyof typeof helpFaqs],
      );
      await expectAllFilipino(page, `/help?tab=${tab} without JavaScript`);
    }
    await page.getByRole("searchbox").fill("refund");
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\?q=refund/);
    expect(await questionsShown(page)).toContain(helpFaqs["refunds.question"]);
    await expectAllFilipino(page, "/help?q=refund without JavaScript");
  });
});

describe("the 404 page in Filipino at 360px", () => {
  it("says the page was not found in Filipino", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    expect((await page.goto("/no-such-page"))?.status()).toBe(404);
    await page.getByRole("heading", { name: shell["notFound.heading"] }).waitFor({ timeout: 5_000 });
    expect(await page.title()).toBe(shell["notFound.title"]);
    await expectAllFilipino(page, "/no-such-page");
  });
});
