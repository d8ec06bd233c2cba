import { describe, expect, it } from "vitest";
// @ts-ignore -- ws ships no types (a dev dependency the benches use too)
import WebSocket from "ws";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { baseURL, call, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** A raw socket into the room, opened from Node with a session cookie (same origin). */
function openSocket(deliveryId: string, cookie: string): Promise<WebSocket> {
  const url = `${baseURL().replace(/^http/, "ws")}/ws?deliveryId=${encodeURIComponent(deliveryId)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Cookie: cookie, Origin: baseURL() } });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("the tracking page when the room lets a socket go", () => {
  it("tells a rider watching a pending delivery that another rider took it", async () => {
    const customerContext = await newContext();
    const watcherContext = await newContext();
    const takerContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    await signUpAs(watcherContext, "rider");
    const taker = await signUpAs(takerContext, "rider");
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ packageDescription: "Birthday cake" }),
    );

    const page = await watcherContext.newPage();
    await page.goto(`/tracking/${delivery.id}`);
    await page.getByText("Live", { exact: true }).waitFor();

    await call(taker.cookie, "/api/rider/availability", { online: true });
    await call(taker.cookie, `/api/deliveries/${delivery.id}/accept`);
    const notice = page.getByTestId("live-closed");
    await notice.waitFor({ timeout: 10_000 });
    await expect(notice.textContent()).resolves.toBe("This delivery was taken by another rider");
    await expect(notice.getAttribute("role")).resolves.toBe("alert");
    await page.getByText("Offline", { exact: true }).waitFor();
  });

  it("explains why a sixth open view of the same delivery gets no live updates", async () => {
    const context = await newContext();
    const customer = await signUpAs(context, "user");
    const delivery = await call(customer.cookie, "/api/deliveries", bookingBody({ packageDescription: "Documents" }));
    const sockets = await Promise.all(Array.from({ length: 5 }, () => openSocket(delivery.id, customer.cookie)));
    try {
      const page = await context.newPage();
      await page.goto(`/tracking/${delivery.id}`);
      const notice = page.getByTestId("live-refused");
      await notice.waitFor({ timeout: 15_000 });
      await expect(notice.textContent()).resolves.toBe(
        "This delivery is already open in 5 tabs or windows. Close one to follow it here.",
      );
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
