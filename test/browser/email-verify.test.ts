import { describe, expect, it } from "vitest";
import { outboxMessage } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** A sign-in link for an address no one has used, sent from /sign-in; its path on the test server. */
async function freshLink(page: import("playwright-core").Page) {
  const email = `verify.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ph`;
  await page.goto("/sign-in?redirectTo=%2Fbooking");
  await page.getByRole("button", { name: "Sign in with email instead" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByText(email).first().waitFor();
  const { link } = await outboxMessage(email);
  const url = new URL(link!);
  return { email, path: `${url.pathname}${url.search}` };
}

describe("the email-verify page (the sign-in link), one form pattern (decision 0187)", () => {
  it("signs a new person up with JavaScript disabled: the address, the names, then the page they came for", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { email, path } = await freshLink(page);
    await page.goto(path);
    await page.getByText("Please confirm the email address this link was sent to.").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").filter({ hasText: "Email is required" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("First Name").fill("Ligaya");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByRole("alert").filter({ hasText: "Last name is required" }).waitFor();
    await page.getByLabel("Last Name").fill("Ramos");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByText("Email verified successfully! Redirecting...").waitFor();
    // On to the page the link was asked from, signed in.
    await page.waitForURL(`${baseURL()}/booking`);
    await page.getByRole("heading", { name: "Book a Delivery" }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === "hatid_session")).toBe(true);
  });

  it("with JavaScript, sends the address kept on this device at once, and a used link is refused", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const { email, path } = await freshLink(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("emailForSignIn"))).not.toBeNull();
    await page.goto(path);
    await page.getByLabel("First Name").fill("Dalisay");
    await page.getByLabel("Last Name").fill("Ramos");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByText("Email verified successfully! Redirecting...").waitFor();
    await page.waitForURL(`${baseURL()}/booking`);
    await page.goto(path);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
    await page.getByText("Invalid email sign-in link").waitFor();
  });
});
