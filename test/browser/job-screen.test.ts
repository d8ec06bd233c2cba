import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { call, useBrowser, WITH_SERVICE_WORKER } from "./browser";

const { newContext } = useBrowser(WITH_SERVICE_WORKER);

const MAKATI = { latitude: 14.55, longitude: 121.03 };
const NEAR_QUEZON_CITY = { latitude: 14.62, longitude: 121.03 };

async function open(context: BrowserContext, pathname: string) {
  const page = await context.newPage();
  await page.goto(pathname);
  return page;
}

/** A fresh customer who booked, and a fresh online rider (phones at 360px, the rider sharing from Makati). */
async function booked() {
  const customerContext = await newContext();
  const riderContext = await newContext({ permissions: ["geolocation"], geolocation: MAKATI });
  const customer = await signUpAs(customerContext, "user");
  const rider = await signUpAs(riderContext, "rider", { firstName: "Rowena", lastName: "Rider" });
  await call(rider.cookie, "/api/rider/availability", { online: true });
  const delivery = await call(customer.cookie, "/api/deliveries", bookingBody());
  return { customerContext, riderContext, customer, rider, deliveryId: delivery.id as string };
}

/** Presses the job screen's one large button, which opens the confirmation naming the same step (a form: no script needed). */
async function takeStep(page: Page, label: string) {
  const next = page.getByTestId("job-next-step").filter({ hasText: label });
  await next.waitFor({ timeout: 10_000 });
  await next.click();
  const confirm = page.getByRole("group", { name: `${label}?` });
  await confirm.waitFor();
  return confirm;
}

describe("the rider's job screen at 360px", () => {
  it("runs a whole delivery alone: accept, pickup, start trip, delivered with the code from the customer's page", async () => {
    const { customerContext, riderContext, deliveryId } = await booked();
    const job = await open(riderContext, `/rider/jobs/${deliveryId}`);

    let dialog = await takeStep(job, "Accept Delivery");
    await dialog.getByRole("button", { name: "Accept Delivery" }).click();
    await job.locator("li.toast").filter({ hasText: "Delivery accepted successfully!" }).waitFor();

    // The customer sees who is coming, with a Call button, and the handover code.
    const tracking = await open(customerContext, `/tracking/${deliveryId}`);
    await expect(tracking.getByTestId("rider-name").textContent()).resolves.toBe("Rowena");
    await expect(tracking.getByTestId("call-rider").getAttribute("href")).resolves.toMatch(/^tel:\+639\d{9}$/);
    const code = (await tracking.getByTestId("handover-code").textContent())!;
    expect(code).toMatch(/^\d{4}$/);

    // Contacts with Call buttons and Navigate to the pickup, then the dropoff.
    await expect(job.getByRole("link", { name: /Call pickup contact/ }).getAttribute("href")).resolves.toMatch(/^tel:/);
    await expect(job.getByTestId("job-navigate").textContent()).resolves.toBe("Navigate to Pickup");

    dialog = await takeStep(job, "Confirm Pickup");
    await dialog.getByRole("button", { name: "Confirm Pickup" }).click();
    dialog = await takeStep(job, "Start Trip");
    await dialog.getByRole("button", { name: "Start Trip" }).click();
    await job.getByTestId("job-navigate").filter({ hasText: "Navigate to Dropoff" }).waitFor({ timeout: 10_000 });
    await tracking
      .getByTestId("tracking-status")
      .filter({ hasText: /^in transit$/ })
      .waitFor({ timeout: 10_000 });

    dialog = await takeStep(job, "Mark Delivered");
    const wrong = code === "0000" ? "1111" : "0000";
    await dialog.getByLabel("Handover code").fill(wrong);
    await dialog.getByRole("button", { name: "Mark Delivered" }).click();
    // The refusal on the code's field, with the tries left; the confirmation stays open.
    dialog = job.getByRole("group", { name: "Mark Delivered?" });
    await dialog.getByText("Wrong handover code. 4 tries left before code entry is locked.").waitFor();
    await dialog.getByLabel("Handover code").fill(code);
    await dialog.getByRole("button", { name: "Mark Delivered" }).click();
    await job.getByTestId("job-done").waitFor({ timeout: 10_000 });
    await expect(job.getByTestId("job-done").textContent()).resolves.toMatch(/^Delivered at \d{2}:\d{2}\. Thank you!$/);

    // The customer's page: delivered, when, no estimate, and no rider number any more.
    await tracking.getByTestId("delivered-at").waitFor({ timeout: 10_000 });
    await expect(tracking.getByTestId("delivered-at").textContent()).resolves.toMatch(/^Delivered at \d{2}:\d{2}$/);
    await expect.poll(() => tracking.locator("a[href^='tel:']").count(), { timeout: 10_000 }).toBe(0);
    await expect(tracking.getByTestId("estimated-time").count()).resolves.toBe(0);
    await expect(tracking.getByTestId("handover-code").count()).resolves.toBe(0);
  });

  it("is honest about signal: greyed marker after 70 s without the rider, Offline within 2 s, a new position within 5 s of the rider's return", async () => {
    const { customerContext, riderContext, rider, deliveryId } = await booked();
    await call(rider.cookie, `/api/deliveries/${deliveryId}/accept`);
    const job = await open(riderContext, `/rider/jobs/${deliveryId}`);
    await job.getByTestId("connection-badge").filter({ hasText: "Live" }).waitFor({ timeout: 10_000 });
    await job.getByText(/^Position last delivered \d+ s ago$/).waitFor({ timeout: 15_000 });

    const tracking = await open(customerContext, `/tracking/${deliveryId}`);
    await tracking.getByTestId("connection-badge").filter({ hasText: "Live" }).waitFor({ timeout: 10_000 });
    await tracking.getByText(/^Last heard \d+ s ago$/).waitFor({ timeout: 15_000 });
    await expect(tracking.locator("[data-marker='rider']").getAttribute("data-look")).resolves.toBe("live");

    // The rider's network is cut for 70 s: their own page says Offline, the customer's greys the marker.
    await riderContext.setOffline(true);
    await job.getByTestId("connection-badge").filter({ hasText: "Offline" }).waitFor({ timeout: 2_000 });
    await tracking.getByTestId("weak-signal").waitFor({ timeout: 75_000 });
    await expect(tracking.getByTestId("weak-signal").textContent()).resolves.toContain("signal is weak");
    await expect(tracking.locator("[data-marker='rider']").getAttribute("data-look")).resolves.toBe("stale");
    await riderContext.setOffline(false);
    await tracking.getByTestId("weak-signal").waitFor({ state: "detached", timeout: 5_000 });

    // A 20 s drop, moving meanwhile: within 5 s of the return the customer's map has the new position.
    // (The dropoff is its city's centre here, so no distance is shown: the rider's dot is where the position shows.)
    const riderDot = tracking.locator("[data-marker='rider']");
    const before = await riderDot.getAttribute("transform");
    await riderContext.setOffline(true);
    await riderContext.setGeolocation(NEAR_QUEZON_CITY);
    await job.waitForTimeout(20_000);
    await riderContext.setOffline(false);
    const back = Date.now();
    await expect.poll(() => riderDot.getAttribute("transform"), { timeout: 5_000, interval: 100 }).not.toBe(before);
    expect(Date.now() - back).toBeLessThan(5_000);

    // The customer's own network: the badge says Offline within 2 s, and Live again when it returns.
    await customerContext.setOffline(true);
    await tracking.getByTestId("connection-badge").filter({ hasText: "Offline" }).waitFor({ timeout: 2_000 });
    await customerContext.setOffline(false);
    await tracking.getByTestId("connection-badge").filter({ hasText: "Live" }).waitFor({ timeout: 2_000 });
  }, 180_000);
});
