import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { bookingBody } from "../fixtures/booking";
import { adminCookie, freshPhoneNumber, signInAs, signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";
import { expectAllFilipino, filipinoContext } from "./filipino";

const { newContext } = useBrowser();

const admin = CATALOGS.admin.fil;
const money = CATALOGS.adminMoney.fil;
const expectFilipino = (page: Page, where: string) => expectAllFilipino(page, where);

/** A call as `cookie` (the admin's unless told), failing the test on a refusal. */
async function post(path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseURL()}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseURL(),
      Cookie: cookie ?? (await adminCookie()),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** What the admin's pages have to show: a pending booking, a rider application, a rider's waiting cash-out, an ID to review, a partner. */
async function someOfEverything() {
  const customerContext = await newContext();
  const customer = await signUpAs(customerContext, "user", { firstName: "Lorna", lastName: "Customer" });
  const booking = await post(
    "/api/deliveries",
    bookingBody({ pickupAddress: `${Date.now() % 100000} Wika St` }),
    customer.cookie,
  );

  const application = await post(
    "/api/rider-applications",
    { fullName: "Pedro Aplikante", mobile: freshPhoneNumber(), city: "makati", hasMotorcycle: "yes" },
    undefined,
    { "CF-Connecting-IP": `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
  );

  const riderContext = await newContext();
  const rider = await signUpAs(riderContext, "rider", { firstName: "Nonoy", lastName: `Rider${Date.now() % 10000}` });
  // A balance to cash out: an adjustment (a remittance may only pay what the rider owes).
  await post(`/api/admin/riders/${rider.userId}/adjustments`, { amount: 300, note: "Float" });
  // A bank transfer: the queue names the fee and what to send after it.
  await post(
    "/api/rider/cashouts",
    { amount: 100, method: "bank", account: "1234567890", accountName: "Nonoy Rider" },
    rider.cookie,
  );

  const form = new FormData();
  form.set("kind", "senior");
  form.set(
    "photo",
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(1)])], "id.png", {
      type: "image/png",
    }),
  );
  const uploaded = await fetch(`${baseURL()}/api/discounts/id`, {
    method: "POST",
    body: form,
    headers: { Origin: baseURL(), Cookie: customer.cookie },
  });
  expect(uploaded.status).toBe(201);

  const partner = await post("/api/admin/partners", {
    name: `Sari-sari ${Date.now() % 10000}`,
    billingEmail: "billing@example.ph",
  });
  await post(`/api/admin/partners/${partner.id as string}/members`, { phoneNumber: customer.localPhone });

  return { deliveryId: booking.id as string, applicationId: application.id as string, riderId: rider.userId };
}

/** Opens a confirmation in place (its summary, named `opener`), checks the page in Filipino, and closes it. */
async function withConfirm(
  page: Page,
  where: Locator,
  opener: string,
  label: string,
  ready?: (opened: Locator) => Promise<unknown>,
) {
  const summary = where.locator("summary", { hasText: opener });
  await summary.click();
  const opened = where.locator("details[open]");
  await opened.waitFor();
  if (ready) await ready(opened);
  await expectFilipino(page, label);
  await summary.click();
  await opened.waitFor({ state: "detached" });
}

describe("the admin's pages in Filipino at 360px", () => {
  it("show no English they have a Filipino translation for: each page with data, its dialogs open, a settings field refused", {
    timeout: 150_000,
  }, async () => {
    const data = await someOfEverything();
    const context = await filipinoContext(newContext);
    await signInAs(context, "09170000001");
    const page = await context.newPage();

    await page.goto("/admin");
    await page.getByRole("heading", { name: admin["panel.heading"], level: 1 }).waitFor();
    await expectFilipino(page, "/admin");
    const item = page.locator(`[data-testid="live-item"][data-delivery-id="${data.deliveryId}"]`);
    await item.waitFor();
    await withConfirm(page, item, admin["controls.assign"], "/admin, assign", (opened) =>
      opened.locator(`select, .notice`).first().waitFor(),
    );
    await withConfirm(page, item, admin["controls.cancel"], "/admin, cancel");
    // Another filter, in Filipino too.
    await page
      .getByRole("navigation", { name: admin["live.filterLabel"] })
      .getByRole("link", { name: new RegExp(admin["live.filter.in_progress"]) })
      .click();
    await page.waitForURL(/filter=in_progress/);
    await expectFilipino(page, "/admin, in progress");

    await page.getByRole("link", { name: admin["quick.riders"] }).click();
    await page.getByRole("heading", { name: admin["riders.heading"], level: 1 }).waitFor();
    const application = page.locator(`[data-application-id="${data.applicationId}"]`);
    await application.waitFor();
    await expectFilipino(page, "/admin/riders, applications");
    await withConfirm(page, application, admin.reject, "/admin/riders, reject");
    await page
      .getByRole("navigation", { name: admin["riders.heading"] })
      .getByRole("link", { name: new RegExp(admin["riders.tab.riders"]) })
      .click();
    const rider = page.locator(`[data-testid="rider"][data-rider-id="${data.riderId}"]`);
    await rider.waitFor();
    await expectFilipino(page, "/admin/riders, riders");
    await withConfirm(page, rider, admin["riders.suspend"], "/admin/riders, suspend");

    await page.goto("/admin/id-discounts");
    await page.getByRole("heading", { name: admin["ids.heading"], level: 1 }).waitFor();
    await expect(page.locator("[data-application-id]").count()).resolves.toBeGreaterThan(0);
    await expectFilipino(page, "/admin/id-discounts");

    await page.goto("/admin/partners");
    await page.getByRole("heading", { name: admin["partners.heading"], level: 1 }).waitFor();
    await expect(page.locator("[data-partner-id]").count()).resolves.toBeGreaterThan(0);
    await expectFilipino(page, "/admin/partners");

    await page.goto("/admin/cashouts");
    await page.getByRole("heading", { name: money["cashouts.heading"], level: 1 }).waitFor();
    await page.getByTestId("cashout-queue").locator("li").filter({ hasText: "Nonoy" }).first().waitFor();
    await expectFilipino(page, "/admin/cashouts");
    // An adjustment without an amount or a reason: the server's refusals, in Filipino, by their fields.
    await page.getByRole("button", { name: money["adjustment.submit"] }).click();
    await page.locator("#adjustment-amount-error").getByText(CATALOGS.server.fil["ledger.amountRequired"]).waitFor();
    await page.locator("#adjustment-note-error").getByText(CATALOGS.server.fil["ledger.adjustmentReason"]).waitFor();
    await expectFilipino(page, "/admin/cashouts, adjustment refused");

    await page.goto("/admin/setup");
    await page.getByRole("heading", { name: CATALOGS.adminSetup.fil.heading, level: 1 }).waitFor();
    await page.getByText(CATALOGS.adminSetup.fil["meaning.sms.local"]).waitFor();
    await expectFilipino(page, "/admin/setup");

    await page.goto("/admin/reports");
    await page.getByRole("heading", { name: money["reports.heading"], level: 1 }).waitFor();
    await expectFilipino(page, "/admin/reports");
    await page.goto("/admin/reports?month=2026-13");
    await page.locator(".field-error").waitFor();
    await expectFilipino(page, "/admin/reports, a wrong month");

    await page.goto("/admin/settings");
    await page.getByRole("heading", { name: money["settings.heading"], level: 1 }).waitFor();
    await expectFilipino(page, "/admin/settings");
    // Checked in the browser, by the schema the server shares: its message id shown in Filipino, the field's name too.
    await page.getByLabel(money["settings.baseFare"]).fill("-1");
    await page.getByRole("button", { name: money["settings.save"] }).click();
    await page
      .locator(".field-errors")
      .filter({
        hasText: CATALOGS.server.fil["settings.pesosNegative"].replace(
          "{field}",
          CATALOGS.server.fil["settings.field.baseFare"],
        ),
      })
      .first()
      .waitFor();
    await expectFilipino(page, "/admin/settings, a value refused");
  });

  it("tell a customer who opens them that they are for admins, in Filipino", async () => {
    const context = await filipinoContext(newContext);
    await signUpAs(context, "user");
    const page = await context.newPage();
    for (const path of ["/admin", "/admin/riders", "/admin/cashouts", "/admin/settings", "/admin/setup"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await page.getByText(CATALOGS.adminAccess.fil.denied).waitFor();
      await expectFilipino(page, path);
    }
  });
});
