import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { signUpAs } from "./auth";
import { call, useBrowser } from "./browser";

const { newContext } = useBrowser();

/** A JPEG's first bytes: what the server judges a photo by. */
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1]);

async function open(context: BrowserContext, pathname: string) {
  const page = await context.newPage();
  await page.goto(pathname);
  return page;
}

async function takeStep(page: Page, label: string) {
  const next = page.getByTestId("job-next-step").filter({ hasText: label });
  await next.waitFor({ timeout: 10_000 });
  await next.click();
  const confirm = page.getByRole("group", { name: `${label}?` });
  await confirm.waitFor();
  return confirm;
}

describe("could not deliver at 360px", () => {
  it("a rider reports the recipient absent with a photo, the customer sees the return code, the rider returns the parcel with it", async () => {
    const customerContext = await newContext();
    const riderContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider", { firstName: "Rowena", lastName: "Rider" });
    await call(rider.cookie, "/api/rider/availability", { online: true });
    const { id } = await call(customer.cookie, "/api/deliveries", bookingBody());
    await call(rider.cookie, `/api/deliveries/${id}/accept`, {});
    await call(rider.cookie, `/api/deliveries/${id}/status`, { status: "picked_up" });

    // Without a geocoder the dropoff is approximate: there is no point to wait at (decision 0222).
    const job = await open(riderContext, `/rider/jobs/${id}`);
    await job.getByTestId("could-not-deliver").click();
    const form = job.getByRole("form", { name: "Return the parcel to the sender?" });
    await form.getByLabel("Recipient absent").check();
    await form.getByRole("button", { name: "Return to the sender" }).click();
    await form.getByText("Take a photo of the place").waitFor({ timeout: 10_000 });
    await job.getByLabel("Recipient absent").check();
    await job
      .getByLabel("Photo of the place")
      .setInputFiles({ name: "place.jpg", mimeType: "image/jpeg", buffer: PHOTO });
    await job.getByRole("button", { name: "Return to the sender" }).click();
    await job.getByTestId("job-returning").waitFor({ timeout: 10_000 });
    await expect(job.getByTestId("job-navigate").textContent()).resolves.toBe("Navigate to Pickup");

    const tracking = await open(customerContext, `/tracking/${id}`);
    await tracking.getByTestId("return-notice").getByText("Returning to the sender").waitFor();
    const code = (await tracking.getByTestId("return-code").textContent())!;
    expect(code).toMatch(/^\d{4}$/);
    const width = await tracking.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    const dialog = await takeStep(job, "Confirm Return");
    await dialog.getByLabel("Return code").fill(code === "0000" ? "1111" : "0000");
    await dialog.getByRole("button", { name: "Confirm Return" }).click();
    await job.getByText("Wrong return code.").waitFor({ timeout: 10_000 });
    const again = job.getByRole("group", { name: "Confirm Return?" });
    await again.getByLabel("Return code").fill(code);
    await again.getByRole("button", { name: "Confirm Return" }).click();
    await job.getByTestId("job-returned").waitFor({ timeout: 10_000 });
    await tracking.reload();
    await tracking.getByText(/^Returned to the sender at \d{2}:\d{2}\.$/).waitFor({ timeout: 10_000 });
  });
});
