import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import { adminCookie, signUpAs } from "./auth";
import { baseURL, call, useBrowser } from "./browser";

const { newContext } = useBrowser();

/**
 * Every rider step works with JavaScript disabled (a slow phone before its scripts
 * arrive): plain forms posting to the pages' actions, the pages rendered again by the server.
 */
describe("the rider's steps without JavaScript at 360px", () => {
  it("goes online, accepts, confirms pickup, starts the trip, is refused a wrong code, delivers with the right one, asks for an office cash-out", async () => {
    const customerContext = await newContext();
    const riderContext = await newContext({ javaScriptEnabled: false });
    const customer = await signUpAs(customerContext, "user");
    const rider = await signUpAs(riderContext, "rider");
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ packageDescription: "No-JavaScript parcel" }),
    );
    const page = await riderContext.newPage();

    await page.goto("/rider-dashboard");
    await expect(page.getByTestId("online-state").textContent()).resolves.toContain("You are offline");
    await page.getByRole("button", { name: "Go Online" }).click();
    await page.getByRole("button", { name: "Go Offline" }).waitFor();
    await expect(page.getByTestId("online-state").textContent()).resolves.toContain("You are online");

    const offered = page.locator(`#available-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await offered.getByRole("button", { name: "Accept Delivery" }).click();
    const active = page.locator(`#active-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await active.waitFor();
    await expect(active.locator(".status-badge").textContent()).resolves.toBe("Assigned");

    // The job screen: each step behind its confirmation, the page posted and rendered again.
    await page.goto(`/rider/jobs/${delivery.id}`);
    const next = page.getByTestId("job-next-step");
    for (const step of ["Confirm Pickup", "Start Trip"]) {
      await expect(next.innerText()).resolves.toBe(step);
      await next.click();
      await page
        .getByRole("group", { name: `${step}?` })
        .getByRole("button", { name: step })
        .click();
      await page.waitForURL(`**/rider/jobs/${delivery.id}`);
    }
    await expect(next.innerText()).resolves.toBe("Mark Delivered");
    await expect(page.getByTestId("job-navigate").textContent()).resolves.toBe("Navigate to Dropoff");

    const { handoverCode } = (await (await customerContext.request.get(`/api/deliveries/${delivery.id}`)).json()) as {
      handoverCode: string;
    };
    await next.click();
    let confirm = page.getByRole("group", { name: "Mark Delivered?" });
    await confirm.getByLabel("Handover code").fill(handoverCode === "0000" ? "1111" : "0000");
    await confirm.getByRole("button", { name: "Mark Delivered" }).click();
    // The refusal, on the code's field, with the tries left; the question stays open.
    confirm = page.getByRole("group", { name: "Mark Delivered?" });
    await confirm.getByText("Wrong handover code. 4 tries left before code entry is locked.").waitFor();
    await confirm.getByLabel("Handover code").fill(handoverCode);
    await confirm.getByRole("button", { name: "Mark Delivered" }).click();
    await page.getByTestId("job-done").waitFor();
    await expect(page.getByTestId("job-done").textContent()).resolves.toMatch(
      /^Delivered at \d{2}:\d{2}\. Thank you!$/,
    );
    const stored = await customerContext.request.get(`/api/deliveries/${delivery.id}`);
    expect(((await stored.json()) as { status: string }).status).toBe("delivered");

    // An office cash-out: a balance from the office, then the form.
    const admin = await adminCookie();
    const adjusted = await fetch(`${baseURL()}/api/admin/riders/${rider.userId}/adjustments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: admin },
      body: JSON.stringify({ amount: 150, note: "No-JavaScript float" }),
    });
    expect(adjusted.status).toBe(201);
    await page.goto("/rider/earnings");
    const pesos = async () => Number((await page.getByTestId("ledger-balance").textContent())!.replace(/[₱,]/g, ""));
    const form = page.getByRole("form", { name: "Cash Out" });
    // GCash without JavaScript: the name registered on the GCash account is asked for (decision 0207), then it is sent at once.
    await form.getByLabel("Send it by").selectOption("gcash");
    await form.getByLabel("Amount (₱)").fill("20");
    await form.getByLabel("GCash mobile number").fill("09171234567");
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    await form.getByText("Enter the name registered on your GCash account, exactly as GCash shows it").waitFor();
    await form.getByLabel("Send it by").selectOption("gcash");
    await form.getByLabel("Amount (₱)").fill("20");
    await form.getByLabel("GCash mobile number").fill("09171234567");
    await form.getByLabel("Name registered on your GCash").fill("Rico Dela Cruz");
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    await page.getByTestId("cashouts").locator('li[data-status="paid"]').filter({ hasText: "GCash" }).first().waitFor();
    await expect(form.getByLabel("Name registered on your GCash").inputValue()).resolves.toBe("Rico Dela Cruz");
    const before = await pesos();
    await form.getByLabel("Send it by").selectOption("office");
    await form.getByLabel("Amount (₱)").fill("100");
    await form.getByRole("button", { name: "Request Cash Out" }).click();
    await page
      .getByTestId("cashouts")
      .locator('li[data-status="requested"]')
      .filter({ hasText: "At the office" })
      .waitFor();
    await page.getByText("Your request of ₱100.00 is waiting for an admin.").waitFor();
    // Nothing leaves the balance until an admin pays it at the office.
    expect(await pesos()).toBeCloseTo(before, 2);
  });
});
