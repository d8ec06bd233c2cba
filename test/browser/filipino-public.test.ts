import { describe, expect, it } from "vitest";
import { common } from "~/i18n/catalogs/fil/common";
import { landing } from "~/i18n/catalogs/fil/landing";
import { signIn } from "~/i18n/catalogs/fil/signIn";
import { auth } from "~/i18n/catalogs/fil/server/auth";
import { useBrowser } from "./browser";
import { expectAllFilipino, filipinoContext } from "./filipino";

const { newContext } = useBrowser();

describe("public pages in Filipino at 360px", () => {
  it("show no English they have a Filipino translation for", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    for (const path of ["/", "/sign-in"]) {
      await page.goto(path);
      await expectAllFilipino(page, path);
    }
  });

  it("the landing's title, tagline and figures are Filipino", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    await page.goto("/");
    expect(await page.title()).toBe(common["meta.title"]);
    expect(await page.locator(".landing-hero .eyebrow").innerText()).toMatch(new RegExp(common["brand.tagline"], "i"));
    await page.getByText(landing["stats.safety"]).first().waitFor();
    await page.getByRole("link", { name: common["footer.helpCenter"] }).first().waitFor();
  });

  it("the sign-in wizard's plain forms answer in Filipino, with JavaScript off", async () => {
    const page = await (await filipinoContext(newContext, { javaScriptEnabled: false })).newPage();
    await page.goto("/");
    await page.getByLabel(signIn.mobileNumber).fill("0917");
    await page.getByRole("button", { name: signIn.sendOtp }).click();
    await page.getByText(auth["auth.phoneTooShort"]).waitFor();
    await expectAllFilipino(page, "/sign-in, a number refused");
    for (const path of ["/become-rider", "/help"]) {
      await page.goto(path);
      await expectAllFilipino(page, `${path} without JavaScript`);
    }
  });

  it("the email link's page: asking for the address, and a link without a token", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    await page.goto("/auth/email-verify?token=not-a-real-token");
    await page.getByText(signIn["emailVerify.confirmEmail"]).waitFor();
    await expectAllFilipino(page, "/auth/email-verify (asking for the email)");
    await page.getByRole("button", { name: signIn["emailVerify.continue"] }).click();
    await page.getByText(auth["auth.emailMissing"]).waitFor();
    await expectAllFilipino(page, "/auth/email-verify (no email typed)");

    await page.goto("/auth/email-verify");
    await page.getByRole("heading", { name: signIn["emailVerify.failedHeading"] }).waitFor();
    await page.getByText(signIn["emailVerify.invalidLink"]).waitFor();
    await expectAllFilipino(page, "/auth/email-verify (no token)");
  });
});
