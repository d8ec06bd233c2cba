import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script shared with `npm start`
import { applyMigrations, freePort, loadDemoData, startServer } from "../../scripts/local-env.mjs";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

const MAKATI = { latitude: 14.55, longitude: 121.03 };
const NEAR_QUEZON_CITY = { latitude: 14.62, longitude: 121.03 };

async function call(origin: string, cookie: string, pathname: string, body?: unknown, method = "POST") {
  const response = await fetch(`${origin}${pathname}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const booking = bookingBody({ pickupAddress: "5 Ayala Ave, San Lorenzo", packageDescription: "Signed lease" });

/** A customer who booked, and a rider who accepted: two browser contexts on one delivery. */
async function bookedAndAccepted(origin: string, riderGeolocation = MAKATI) {
  const customerContext = await newContext({ baseURL: origin });
  const riderContext = await newContext({ baseURL: origin, permissions: ["geolocation"], geolocation: riderGeolocation });
  const customer = await signUpAs(customerContext, "user", undefined, origin);
  const rider = await signUpAs(riderContext, "rider", undefined, origin);
  const delivery = await call(origin, customer.cookie, "/api/deliveries", booking);
  // New riders start offline (PRODUCT.md, Riders and members).
  await call(origin, rider.cookie, "/api/rider/availability", { online: true });
  await call(origin, rider.cookie, `/api/deliveries/${delivery.id}/accept`);
  return { customerContext, riderContext, customer, rider, deliveryId: delivery.id as string };
}

async function open(context: BrowserContext, deliveryId: string) {
  const page = await context.newPage();
  await page.goto(`/tracking/${deliveryId}`);
  await page.getByRole("heading", { name: /Delivery Tracking/ }).waitFor();
  return page;
}

describe("live tracking (schematic map, no Mapbox token)", () => {
  it("shows the customer the rider moving and the status changing, without a reload", async () => {
    const { customerContext, riderContext, rider, deliveryId } = await bookedAndAccepted(baseURL());

    const riderPage = await open(riderContext, deliveryId);
    await riderPage.getByText("Your location is being tracked and shared with the customer in real-time.").waitFor();

    const page = await open(customerContext, deliveryId);
    await expect(page.getByRole("heading", { name: /Delivery Tracking/ }).textContent()).resolves.toContain(`#${deliveryId.slice(-8)}`);
    await page.getByText("Live", { exact: true }).waitFor();
    await page.getByTestId("schematic-map").waitFor();
    await page.locator("[data-marker='rider']").waitFor({ timeout: 15_000 });
    await expect(page.locator("[data-marker='pickup']").count()).resolves.toBe(1);
    await expect(page.locator("[data-marker='dropoff']").count()).resolves.toBe(1);
    // City centres (no geocoder): the map labels the cities instead of pinning made-up points.
    await expect(page.locator("[data-marker='pickup'][data-approximate='true'] circle").count()).resolves.toBe(0);
    await expect(page.locator("[data-marker='pickup'][data-approximate='true']").textContent()).resolves.toBe("Pickup: Makati");
    await expect(page.getByTestId("approximate-note").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Your location is being tracked").count()).resolves.toBe(0);

    const distance = page.getByTestId("distance-to-dropoff");
    await distance.waitFor();
    await expect(page.getByText("Distance to Dropoff").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Estimated Time").isVisible()).resolves.toBe(true);
    const before = await distance.textContent();
    // Booked without a geocoder: the dropoff is its city's centre, so the distance says "about" (issue 27).
    expect(before).toMatch(/^about \d+\.\d km$/);

    await riderContext.setGeolocation(NEAR_QUEZON_CITY);
    await expect.poll(() => distance.textContent(), { timeout: 15_000 }).not.toBe(before);
    const after = await distance.textContent();
    const km = (text: string | null) => Number.parseFloat(text!.replace(/^about /, ""));
    expect(km(after)).toBeLessThan(km(before));

    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("assigned");
    await call(baseURL(), rider.cookie, `/api/deliveries/${deliveryId}/status`, { status: "picked_up" });
    await page.getByTestId("tracking-status").filter({ hasText: /^picked up$/ }).waitFor({ timeout: 10_000 });
    await call(baseURL(), rider.cookie, `/api/deliveries/${deliveryId}/status`, { status: "delivered" });
    await page.getByTestId("tracking-status").filter({ hasText: /^delivered$/ }).waitFor({ timeout: 10_000 });
    // Sharing stops once the delivery has ended.
    await riderPage.getByText("Your location is being tracked").waitFor({ state: "detached", timeout: 10_000 });
  });

  it("tells a stranger the delivery could not be loaded, and explains a link without an id", async () => {
    const { deliveryId } = await bookedAndAccepted(baseURL());
    const stranger = await newContext();
    await signUpAs(stranger, "user");
    const page = await stranger.newPage();
    const response = await page.goto(`/tracking/${deliveryId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Failed to load delivery information").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Go Home" }).isVisible()).resolves.toBe(true);
    await page.goto("/tracking");
    await expect(page.getByText("Invalid delivery tracking link").isVisible()).resolves.toBe(true);
  });

  it("reports a denied location permission to the assigned rider with the spec's message", async () => {
    const { riderContext, deliveryId } = await bookedAndAccepted(baseURL());
    await riderContext.clearPermissions();
    const page = await open(riderContext, deliveryId);
    await page.getByText("Location permission denied. Please enable location access.").waitFor({ timeout: 15_000 });
  });
});

describe("live tracking with mapbox-gl (placeholder token, offline style)", () => {
  let server: { url: string; stop: () => Promise<void> } | undefined;
  /** The server's start, kept so afterAll stops it even when beforeAll gave up waiting (it used to be left running). */
  let starting: Promise<{ url: string; stop: () => Promise<void> }> | undefined;
  let persistTo: string | undefined;

  beforeAll(async () => {
    persistTo = mkdtempSync(path.join(tmpdir(), "hatid-mapbox-"));
    applyMigrations({ persistTo, quiet: true });
    const placeholderToken = `pk.${Buffer.from(JSON.stringify({ u: "hatid-test", a: "placeholder" })).toString("base64url")}.placeholder`;
    const port = await freePort();
    const start = startServer({ port, persistTo, quiet: true, vars: { MAPBOX_TOKEN: placeholderToken, MAPBOX_STYLE: "offline", PEAK_HOURS_CLOCK: "2026-11-29T21:00:00+08:00" } });
    starting = start;
    const started = await start;
    server = started;
    await loadDemoData(started.url);
  }, 240_000); // migrations, a second wrangler dev and the demo data: past 120 s twice on a loaded 2-core run

  afterAll(async () => {
    const running = server ?? (await starting?.catch(() => undefined));
    await running?.stop();
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  }, 120_000);

  it("loads mapbox-gl on the tracking page only, draws the markers, never the error box", async () => {
    const origin = server!.url;
    const { customerContext, riderContext, deliveryId } = await bookedAndAccepted(origin);
    const riderPage = await open(riderContext, deliveryId);
    await riderPage.getByText("Your location is being tracked and shared with the customer in real-time.").waitFor();

    const page = await customerContext.newPage();
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.url());
    });
    // Every script of the home page has arrived by its load event.
    await page.goto("/", { waitUntil: "load" });
    const homeScripts = scripts.length;
    expect(await page.evaluate(() => document.querySelectorAll(".mapboxgl-canvas").length)).toBe(0);

    await page.goto(`/tracking/${deliveryId}`);
    await page.getByTestId("mapbox-map").waitFor();
    await page.locator(".mapboxgl-canvas").waitFor({ timeout: 20_000 });
    await page.locator(".mapboxgl-marker").nth(2).waitFor({ timeout: 20_000 }); // pickup, dropoff, rider
    await expect(page.getByText("Map Loading Error").count()).resolves.toBe(0);
    await expect(page.getByText("Loading map...").count()).resolves.toBe(0);
    await expect(page.getByTestId("schematic-map").count()).resolves.toBe(0);
    expect(scripts.length).toBeGreaterThan(homeScripts);
  });
});
