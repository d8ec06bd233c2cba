import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { adminCookie, signUpAs } from "./auth";
import { call, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** Pages that agree with each other (decision 0211), at 360px, with JavaScript and without. */
describe("pages that agree at 360px", () => {
  it("a cancelled cash delivery: its fee, never “To pay the rider”, no Live badge, on the tracking page and in recent bookings", {
    timeout: 90_000,
  }, async () => {
    const customerContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(await newContext(), "rider");
    await call(rider.cookie, "/api/rider/availability", { online: true });
    const booked = await call(customer.cookie, "/api/deliveries", bookingBody({ paymentMethod: "cash" }));
    await call(rider.cookie, `/api/deliveries/${booked.id}/accept`);
    await call(await adminCookie(), `/api/admin/deliveries/${booked.id}/cancel`, {
      reason: "Customer not at the pickup",
      fee: 20,
    });

    for (const javaScriptEnabled of [true, false]) {
      const context = javaScriptEnabled ? customerContext : await newContext({ javaScriptEnabled });
      if (!javaScriptEnabled) await context.addCookies(await customerContext.cookies());
      const page = await context.newPage();
      await page.goto(`/tracking/${booked.id}`);
      await page.getByTestId("payment-cancellation-fee").waitFor();
      const main = await page.locator("main").innerText();
      expect(main, `JS ${javaScriptEnabled}`).not.toContain("To pay the rider");
      expect(await page.getByTestId("payment-cancellation-fee").innerText()).toBe("₱20.00");
      expect(await page.getByTestId("connection-badge").innerText()).not.toMatch(/Live/);
      // One "Status" for the delivery, and "Payment status" for the payment.
      expect(main).not.toMatch(/^Status$[\s\S]*^Status$/m);

      await page.goto("/booking");
      const row = page.locator(`a[href="/tracking/${booked.id}"]`).locator("xpath=..");
      expect(await row.getByTestId("recent-fee").innerText()).toBe("Fee ₱20.00");
    }
  });

  it("the handover code is named once while no rider is assigned", async () => {
    const context = await newContext();
    const customer = await signUpAs(context, "user");
    const booked = await call(customer.cookie, "/api/deliveries", bookingBody());
    const page = await context.newPage();
    await page.goto(`/tracking/${booked.id}`);
    const card = page.getByTestId("who-is-coming");
    await card.waitFor();
    expect((await card.innerText()).match(/Handover code/g)).toHaveLength(1);
  });

  it("the rider's Confirm Pickup: one button of that name once the question is open", { timeout: 60_000 }, async () => {
    const customer = await signUpAs(await newContext(), "user");
    const riderContext = await newContext();
    const rider = await signUpAs(riderContext, "rider");
    await call(rider.cookie, "/api/rider/availability", { online: true });
    const booked = await call(customer.cookie, "/api/deliveries", bookingBody());
    await call(rider.cookie, `/api/deliveries/${booked.id}/accept`);
    const page = await riderContext.newPage();
    await page.goto(`/rider/jobs/${booked.id}`);
    const next = page.getByTestId("job-next-step").filter({ hasText: "Confirm Pickup" });
    await next.waitFor();
    await next.click();
    await page.getByRole("group", { name: "Confirm Pickup?" }).waitFor();
    expect(await page.getByRole("button", { name: "Confirm Pickup", exact: true }).count()).toBe(1);
    expect(await page.getByText("Not yet", { exact: true }).isVisible()).toBe(true);
  });

  it("the footer of /, /become-rider and /help shows the contacts /help shows, and links the Terms and the Privacy Notice", async () => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/help");
    const hotline = await page.locator('main a[href^="tel:"]').first().getAttribute("href");
    expect(hotline).toMatch(/^tel:\d+/);
    for (const path of ["/", "/become-rider", "/help", "/terms", "/privacy"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      expect(await footer.locator(`a[href="${hotline}"]`).count(), path).toBe(1);
      for (const href of ["/terms", "/privacy"])
        expect(await footer.locator(`a[href="${href}"]`).count(), `${path} ${href}`).toBe(1);
    }
  });

  it("/terms and /privacy, in English and Filipino, without the framework's script; linked from sign-in", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/privacy");
    const privacy = await page.locator("main").innerText();
    for (const part of [
      "Data Privacy Act of 2012",
      "10173",
      "National Privacy Commission",
      "Data Protection Officer",
      "ID",
    ])
      expect(privacy).toContain(part);
    await page.goto("/terms");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Terms of Service");
    expect(scripts).toEqual([]);
    await context.addCookies([{ name: "lang", value: "fil", url: page.url() }]);
    await page.goto("/privacy");
    expect(await page.locator("main").innerText()).toMatch(
      /Data Privacy Act of 2012[\s\S]*National Privacy Commission/,
    );
    expect(await page.locator("html").getAttribute("lang")).toBe("fil");

    const signIn = await (await newContext()).newPage();
    await signIn.goto("/sign-in");
    expect(await signIn.locator('a[href="/terms"]').count()).toBeGreaterThan(0);
    expect(await signIn.locator('a[href="/privacy"]').count()).toBeGreaterThan(0);
  });

  it("/become-rider asks for a phone with a browser, takes any city, and dates the membership as the landing does, in both languages", async () => {
    for (const lang of ["en", "fil"]) {
      const context = await newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/become-rider");
      await context.addCookies([{ name: "lang", value: lang, url: page.url() }]);
      await page.reload();
      const text = await page.locator("body").innerText();
      expect(text, lang).not.toMatch(/Android 10/);
      expect(text).toMatch(/100[\s\S]*4\.5/);
      expect(await page.locator('input[name="city"][list]').count()).toBe(1);
      await page.goto("/");
      expect(await page.locator("body").innerText()).not.toMatch(
        /Every rider is a member-owner|Lahat ng rider ay member-owner/i,
      );
    }
  });
});
