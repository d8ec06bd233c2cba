import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { baseURL, call, useBrowser, WITH_SERVICE_WORKER } from "./browser";
import { expectAllFilipino, filipinoContext } from "./filipino";
import { raiseToast, scriptsRan } from "./scripts-ran";
import { bellButton, bellPanel, openBell } from "./top-nav";

// Web Push needs the full Chromium (the headless shell has no Push API).
const { newContext } = useBrowser(WITH_SERVICE_WORKER, { webPush: true });

describe("the bell at 360px", () => {
  it("shows the unread count without a reload, lists the notification and opens its page", async () => {
    const customerContext = await newContext();
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider", { firstName: "Rico", lastName: "Rider" });
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ packageDescription: "Bell test parcel" }),
    );

    const page = await customerContext.newPage();
    await page.goto("/settings");
    const bell = bellButton(page);
    await expect(bell.getAttribute("aria-label")).resolves.toBe("Notifications");
    // The bell opens at once (a <details>); the page's JavaScript fills its list.
    await (await openBell(page)).getByText("No notifications yet.").waitFor();
    await bell.click();
    await bellPanel(page).waitFor({ state: "hidden" });

    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);
    // The bell asks again when the window regains focus (and every 30 s).
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.locator('summary.bell[aria-label="Notifications, 1 unread"]').waitFor({ timeout: 5_000 });
    await expect(page.getByTestId("bell-count").textContent()).resolves.toBe("1");

    const panel = await openBell(page);
    const link = panel.getByRole("link", { name: /Rider assigned/ });
    await expect(link.textContent()).resolves.toContain("Rico is on the way");
    await expect(link.textContent()).resolves.toMatch(/(Just now|minute ago|minutes ago)$/);
    await expect(link.getAttribute("href")).resolves.toBe(`/tracking/${delivery.id}`);
    // The panel fits the 360 px screen.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await link.click();
    await page.waitForURL(`**/tracking/${delivery.id}`);
    await page.locator('summary.bell[aria-label="Notifications"]').waitFor({ timeout: 5_000 });
    await expect(page.getByTestId("bell-count").count()).resolves.toBe(0);
  });

  it("lists a Filipino reader's notifications in Filipino", async () => {
    const customerContext = await filipinoContext(newContext);
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider", { firstName: "Rico", lastName: "Rider" });
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ packageDescription: "Bell test parcel" }),
    );
    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);

    const page = await customerContext.newPage();
    await page.goto("/settings");
    const link = (await openBell(page)).getByRole("link", { name: /May rider na/ });
    await expect(link.textContent()).resolves.toContain("Papunta na si Rico para kunin ang package mo");
    await expect(link.textContent()).resolves.toMatch(/(Ngayon lang|ang nakalipas)$/);
    await expectAllFilipino(page, "/settings with the bell open");
  });

  it("Settings offers push notifications on this device", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/settings");
    const toggle = page.getByRole("switch", { name: "Push notifications on this device" });
    await toggle.waitFor();
    // Chromium has the Push API and the server has VAPID keys (.dev.vars): the switch is usable, off until turned on.
    await page.getByText("Get notified on this device even when Hatid is closed.").waitFor();
    // Usable once the page's JavaScript has found the Push API (a visible state: the switch enables).
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    await expect(toggle.isChecked()).resolves.toBe(false);
  });

  it("the service worker shows a Web Push with its text, and the open page's bell updates at once", async () => {
    const customerContext = await newContext({ permissions: ["notifications"] });
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider");
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ packageDescription: "Push test parcel" }),
    );

    const page = await customerContext.newPage();
    const cdp = await customerContext.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find(
          (r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseURL()) && !r.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      }),
    );
    // The icon as a busy machine serves it: the notification is shown only once its icon has loaded.
    await customerContext.route("**/icons/icon-192.png", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await cdp.send("ServiceWorker.enable");
    await raiseToast(customerContext, { title: "Settings Saved" });
    await page.goto("/settings");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const registrationId = await registered;
    // Once the page's script has run, the bell listens to the worker.
    await scriptsRan(page);

    await call(rider.cookie, "/api/rider/availability", { online: true });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/accept`);
    // What the push service would deliver (the app's encrypted payload, once the browser decrypted it).
    const payload = {
      id: 1,
      kind: "rider_assigned",
      title: "Rider assigned",
      body: "Test is on the way to pick up your package.",
      url: `/tracking/${delivery.id}`,
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL(),
      registrationId,
      data: JSON.stringify(payload),
    });

    // No focus, no 30 s wait: the service worker tells the page, the bell asks at once.
    await page.locator('summary.bell[aria-label="Notifications, 1 unread"]').waitFor({ timeout: 5_000 });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url: string }).url,
      }));
    });
    expect(shown).toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);
  });
});
