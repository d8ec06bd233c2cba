import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script shared with `npm start`
import { applyMigrations, freePort, loadDemoData, startServer } from "../../scripts/local-env.mjs";
import { bookingBody } from "../fixtures/booking";
import { freshPhoneNumber, outboxMessage, signUpAs, toInternational } from "./auth";
import { baseURL, useBrowser } from "./browser";
import { filipinoContext } from "./filipino";

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

/** A customer who booked, and a rider who accepted: two browser contexts on one delivery. */
async function bookedAndAccepted(origin: string, riderGeolocation = MAKATI, dropoffPhone = "09181234567") {
  const customerContext = await newContext({ baseURL: origin });
  const riderContext = await newContext({
    baseURL: origin,
    permissions: ["geolocation"],
    geolocation: riderGeolocation,
  });
  const customer = await signUpAs(customerContext, "user", undefined, origin);
  const rider = await signUpAs(riderContext, "rider", undefined, origin);
  const booking = bookingBody({
    pickupAddress: "5 Ayala Ave, San Lorenzo",
    packageDescription: "Signed lease",
    dropoffPhone,
  });
  const delivery = await call(origin, customer.cookie, "/api/deliveries", booking);
  // New riders start offline (docs/guide/people-and-access.md).
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

/**
 * What a person would see wrong on the schematic map: a marker missing, not in its spec colour or
 * too small to see, a label cut by the map's edge, or a label over another label or another marker.
 */
async function mapProblems(page: Page, expected: { kind: string; colour: string }[]) {
  return page.getByTestId("schematic-map").evaluate((map, markers) => {
    const problems: string[] = [];
    const frame = map.querySelector("svg")!.getBoundingClientRect();
    const inside = (r: DOMRect) =>
      r.left >= frame.left - 0.5 &&
      r.right <= frame.right + 0.5 &&
      r.top >= frame.top - 0.5 &&
      r.bottom <= frame.bottom + 0.5;
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const shapes = new Map<string, DOMRect>();
    for (const { kind, colour } of markers) {
      const shape = map.querySelector(`[data-marker='${kind}'] circle`);
      if (!shape) {
        problems.push(`${kind}: no dot`);
        continue;
      }
      const box = shape.getBoundingClientRect();
      shapes.set(kind, box);
      if (box.width < 12 || !inside(box))
        problems.push(`${kind}: dot of ${box.width.toFixed(0)} px, inside the map: ${inside(box)}`);
      if (![shape.getAttribute("fill"), shape.getAttribute("stroke")].includes(colour))
        problems.push(`${kind}: not in ${colour}`);
    }
    const labels = [...map.querySelectorAll("[data-marker] text")].map((text) => ({
      kind: text.closest("[data-marker]")!.getAttribute("data-marker")!,
      text: text.textContent,
      box: text.getBoundingClientRect(),
    }));
    for (const [i, label] of labels.entries()) {
      if (!inside(label.box)) problems.push(`"${label.text}" is cut by the map's edge`);
      for (const other of labels.slice(i + 1))
        if (meet(label.box, other.box)) problems.push(`"${label.text}" overlaps "${other.text}"`);
      for (const [kind, shape] of shapes)
        if (kind !== label.kind && meet(label.box, shape)) problems.push(`"${label.text}" covers the ${kind} marker`);
    }
    return problems;
  }, expected);
}

const ALL_MARKERS = [
  { kind: "pickup", colour: "#16a34a" },
  { kind: "dropoff", colour: "#dc2626" },
  { kind: "rider", colour: "#2563eb" },
];

describe("live tracking (schematic map, no Mapbox token)", () => {
  it("shows the customer the rider moving and the status changing, without a reload", async () => {
    const dropoffPhone = freshPhoneNumber();
    const { customerContext, riderContext, rider, deliveryId } = await bookedAndAccepted(
      baseURL(),
      MAKATI,
      dropoffPhone,
    );

    const riderPage = await open(riderContext, deliveryId);
    await riderPage.getByText("Your location is being tracked and shared with the customer in real-time.").waitFor();

    const page = await open(customerContext, deliveryId);
    await expect(page.getByRole("heading", { name: /Delivery Tracking/ }).textContent()).resolves.toContain(
      `#${deliveryId.slice(-8)}`,
    );
    await page.getByText("Live", { exact: true }).waitFor();
    await page.getByTestId("schematic-map").waitFor();
    await page.locator("[data-marker='rider']").waitFor({ timeout: 15_000 });
    await expect(page.locator("[data-marker='pickup']").count()).resolves.toBe(1);
    await expect(page.locator("[data-marker='dropoff']").count()).resolves.toBe(1);
    // City centres (no geocoder): each city is an area named after it, not a pin on a made-up point.
    await expect(page.locator("[data-marker='pickup'][data-approximate='true']").textContent()).resolves.toBe(
      "Pickup: Makati",
    );
    await expect(page.locator("[data-marker='dropoff'][data-approximate='true']").textContent()).resolves.toBe(
      "Dropoff: Quezon City",
    );
    await expect(page.getByTestId("approximate-note").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Your location is being tracked").count()).resolves.toBe(0);
    // At 360px, with the rider on the pickup's city centre: three dots in fixed colours, no label cut
    // or covering another.
    expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
    expect(await mapProblems(page, ALL_MARKERS)).toEqual([]);
    // No distance to a dropoff known only by its city: it would grow as the rider neared the address.
    await expect(page.getByTestId("distance-unknown").textContent()).resolves.toBe(
      "Dropoff in Quezon City: its exact place is not on the map, so no distance or time to it is shown.",
    );
    await expect(page.getByTestId("distance-to-dropoff").count()).resolves.toBe(0);
    // A customer's words: nothing about tokens or map providers.
    expect(await page.locator("main").innerText()).not.toMatch(/mapbox|token/i);
    await page.getByText("Simplified map: streets are not shown.").waitFor();

    // Live: the rider's dot moves towards Quezon City, and the labels still keep clear of each other.
    const riderMarker = page.locator("[data-marker='rider']");
    const before = await riderMarker.getAttribute("transform");
    await riderContext.setGeolocation(NEAR_QUEZON_CITY);
    await expect.poll(() => riderMarker.getAttribute("transform"), { timeout: 15_000 }).not.toBe(before);
    expect(await mapProblems(page, ALL_MARKERS)).toEqual([]);
    await expect(page.getByTestId("distance-to-dropoff").count()).resolves.toBe(0);

    // The recipient's link, read in Filipino at 360px: the same map, the booking's estimate, no distance to the city.
    const { link } = await outboxMessage(toInternational(dropoffPhone));
    const recipient = await (await filipinoContext(newContext)).newPage();
    await recipient.goto(new URL(link!).pathname);
    await recipient.locator("[data-marker='rider']").waitFor({ timeout: 15_000 });
    expect(await mapProblems(recipient, ALL_MARKERS.slice(1))).toEqual([]);
    await expect(recipient.locator("[data-marker='dropoff']").textContent()).resolves.toBe("Dropoff: Quezon City");
    await expect(recipient.getByTestId("recipient-eta").textContent()).resolves.toMatch(/^Mga \d+ min pagka-pickup$/);
    await expect(recipient.getByTestId("distance-unknown").textContent()).resolves.toBe(
      "Dropoff sa Quezon City: wala sa mapa ang eksaktong lugar nito, kaya walang ipinapakitang layo o oras papunta roon.",
    );
    expect(await recipient.locator("main").innerText()).not.toMatch(/mapbox|token|km ang layo|m ang layo/i);
    await recipient.getByText("Pinasimpleng mapa: hindi ipinapakita ang mga kalye.").waitFor();

    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("assigned");
    await call(baseURL(), rider.cookie, `/api/deliveries/${deliveryId}/status`, { status: "picked_up" });
    await page
      .getByTestId("tracking-status")
      .filter({ hasText: /^picked up$/ })
      .waitFor({ timeout: 10_000 });
    await call(baseURL(), rider.cookie, `/api/deliveries/${deliveryId}/status`, { status: "delivered" });
    await page
      .getByTestId("tracking-status")
      .filter({ hasText: /^delivered$/ })
      .waitFor({ timeout: 10_000 });
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

  it("reports a denied location permission to the assigned rider with its message", async () => {
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
    const start = startServer({
      port,
      persistTo,
      quiet: true,
      vars: { MAPBOX_TOKEN: placeholderToken, MAPBOX_STYLE: "offline", PEAK_HOURS_CLOCK: "2026-11-29T21:00:00+08:00" },
    });
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
