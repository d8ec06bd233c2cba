import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { awaitCodeWindow, outboxMessage, rememberSession, signInAs } from "./auth";
import { useBrowser } from "./browser";

/**
 * The whole life of a delivery with JavaScript disabled in every browser
 * (`javaScriptEnabled: false`), through plain HTML forms posting to the pages' actions. Carla signs
 * in with her SMS code and books with GCash (the sandbox checkout), Rico accepts and runs it to
 * Delivered with the handover code Carla's page shows, Carla rates it, Rico asks for an office
 * cash-out of what he earned, and Ana marks it paid. Each refusal on the way shows its message,
 * rendered by the server; each success shows the server's toast and the page's new state.
 */
const { newContext } = useBrowser();

const noScript = () => newContext({ javaScriptEnabled: false });

/** The toast the server renders after a redirect (post/redirect/get). */
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

/** A refusal or a field's error, rendered by the server into the page. */
const said = (page: Page, text: string | RegExp) => page.getByText(text).first();

describe("the whole delivery with JavaScript disabled", () => {
  it("signs in, books, delivers with the code, rates, cashes out and pays out: plain forms and the server's messages", {
    timeout: 240_000,
  }, async () => {
    // --- Carla signs in with the code the dev outbox holds (a wrong code first). ---
    const carlaContext = await noScript();
    const carla = await carlaContext.newPage();
    await carla.goto("/");
    await carla.getByLabel("Mobile Number").fill("0917");
    await carla.getByRole("button", { name: "Send OTP" }).click();
    await said(carla, "Phone number must be at least 10 digits").waitFor();

    await awaitCodeWindow("09170000004");
    await carla.getByLabel("Mobile Number").fill("09170000004");
    await carla.getByRole("button", { name: "Send OTP" }).click();
    await carla.getByText("Enter the 6-digit code sent to +639170000004.").waitFor();
    const { code } = await outboxMessage("+639170000004");
    await carla.getByLabel("OTP Code").fill(code === "000000" ? "111111" : "000000");
    await carla.getByRole("button", { name: "Verify OTP" }).click();
    await carla.getByRole("alert").filter({ hasText: "Invalid OTP code. Please check and try again" }).waitFor();
    await carla.getByLabel("OTP Code").fill(code!);
    await carla.getByRole("button", { name: "Verify OTP" }).click();
    await carla.getByRole("heading", { name: "Welcome, Carla!" }).waitFor();
    const session = (await carlaContext.cookies()).find((cookie) => cookie.name === "hatid_session");
    rememberSession("09170000004", session!.value);

    // --- Carla books: an empty pickup address is refused by name, the rest of the form is kept. ---
    await carla.goto("/booking");
    await carla.getByRole("heading", { name: "Book a Delivery" }).waitFor();
    const address = `${Date.now() % 100000} No-Script St, Bel-Air`;
    await carla.getByRole("combobox", { name: "Pickup city" }).fill("makati");
    await carla.getByLabel("Pickup contact number").fill("09171234567");
    await carla.getByLabel("Dropoff address").fill("45 Katipunan Ave, Loyola Heights");
    await carla.getByRole("combobox", { name: "Dropoff city" }).fill("Quezon City");
    await carla.getByLabel("Dropoff contact number").fill("09181234567");
    await carla.getByLabel("Package description").fill("Signed contract, no JavaScript");
    await carla.getByRole("radio", { name: /GCash/ }).check();
    await carla.getByRole("button", { name: "Confirm Booking" }).click();
    await said(carla, "Pickup address is required").waitFor();
    await expect(carla.getByLabel("Dropoff address").inputValue()).resolves.toBe("45 Katipunan Ave, Loyola Heights");
    await expect(carla.getByLabel("Package description").inputValue()).resolves.toBe("Signed contract, no JavaScript");

    // "See the price" asks the server for the quote (without JavaScript the price cannot follow the fields).
    await carla.getByLabel("Pickup address").fill(address);
    await carla.getByRole("combobox", { name: "Pickup city" }).fill("makati");
    await carla.getByRole("radio", { name: /GCash/ }).check();
    await carla.getByRole("button", { name: "See the price" }).click();
    await expect(carla.getByTestId("estimate-total").textContent()).resolves.toBe("₱136.00");
    await carla.getByRole("button", { name: "Confirm Booking" }).click();

    // GCash: on to the sandbox checkout, then back to the tracking page, paid.
    await carla.waitForURL(/\/dev\/pay\/pay_/);
    await carla.getByRole("button", { name: "Pay ₱136.00" }).click();
    await carla.waitForURL(/\/tracking\/[0-9a-f-]{36}$/);
    const deliveryId = new URL(carla.url()).pathname.split("/").pop()!;
    await expect(carla.getByTestId("payment-status").textContent()).resolves.toBe("Paid");
    const handoverCode = (await carla.getByTestId("handover-code").textContent())!;
    expect(handoverCode).toMatch(/^\d{4}$/);

    // --- Rico accepts it and runs it to Delivered with the code (a wrong code first). ---
    const ricoContext = await noScript();
    await signInAs(ricoContext, "09170000002");
    const rico = await ricoContext.newPage();
    await rico.goto("/rider-dashboard");
    const offered = rico.locator(`#available-deliveries [data-delivery-id="${deliveryId}"]`);
    await offered.getByRole("button", { name: "Accept Delivery" }).click();
    await toast(rico, "Delivery accepted successfully!").waitFor();
    const active = rico.locator(`#active-deliveries [data-delivery-id="${deliveryId}"]`);
    await expect(active.locator(".status-badge").textContent()).resolves.toBe("Assigned");
    await expect(offered.count()).resolves.toBe(0);

    // The job screen: each step behind its question (open without JavaScript), posted, the page rendered again.
    await rico.goto(`/rider/jobs/${deliveryId}`);
    const next = rico.getByTestId("job-next-step");
    for (const [step, after] of [
      ["Confirm Pickup", "Start Trip"],
      ["Start Trip", "Mark Delivered"],
    ] as const) {
      await expect(next.innerText()).resolves.toBe(step);
      await next.click();
      await rico
        .getByRole("group", { name: `${step}?` })
        .getByRole("button", { name: step })
        .click();
      await next.filter({ hasText: after }).waitFor();
      await expect(toast(rico, "Delivery status updated successfully!").isVisible()).resolves.toBe(true);
    }
    await expect(rico.getByTestId("job-navigate").textContent()).resolves.toBe("Navigate to Dropoff");

    await next.click();
    const wrong = handoverCode === "0000" ? "1111" : "0000";
    await rico.getByRole("group", { name: "Mark Delivered?" }).getByLabel("Handover code").fill(wrong);
    await rico.getByRole("group", { name: "Mark Delivered?" }).getByRole("button", { name: "Mark Delivered" }).click();
    const question = rico.getByRole("group", { name: "Mark Delivered?" });
    await question.getByText("Wrong handover code. 4 tries left before code entry is locked.").waitFor();
    await question.getByLabel("Handover code").fill(handoverCode);
    await question.getByRole("button", { name: "Mark Delivered" }).click();
    await rico.getByTestId("job-done").waitFor();
    await expect(rico.getByTestId("job-done").textContent()).resolves.toMatch(
      /^Delivered at \d{2}:\d{2}\. Thank you!$/,
    );
    await expect(toast(rico, "Delivery status updated successfully!").isVisible()).resolves.toBe(true);

    // --- Carla's page shows it delivered; she rates it (no stars first: refused by name). ---
    await carla.goto(`/tracking/${deliveryId}`);
    await carla.getByTestId("delivered-at").waitFor();
    const rating = carla.getByTestId("delivery-rating");
    await rating.getByLabel("Comment (optional)").fill("Mabilis kahit walang JavaScript");
    await rating.getByRole("button", { name: "Submit Rating" }).click();
    await said(carla, "Choose a rating from 1 to 5 stars.").waitFor();
    await carla.getByTestId("delivery-rating").getByLabel("5 stars").check();
    await carla.getByTestId("delivery-rating").getByRole("button", { name: "Submit Rating" }).click();
    await carla.getByTestId("delivery-rating").getByRole("img", { name: "Rated 5 out of 5" }).waitFor();
    await expect(carla.getByText("Mabilis kahit walang JavaScript").isVisible()).resolves.toBe(true);

    // --- Rico asks for an office cash-out: more than his balance is refused, then ₱20.00. ---
    await rico.goto("/rider/earnings");
    await rico.getByRole("heading", { name: "Your Earnings", level: 1 }).waitFor();
    const cashout = rico.getByRole("form", { name: "Cash Out" });
    await cashout.getByLabel("Amount (₱)").fill("100000");
    await cashout.getByLabel("Send it by").selectOption("office");
    await cashout.getByRole("button", { name: "Request Cash Out" }).click();
    await said(rico, /^You can cash out at most ₱[\d,]+\.\d{2}\.$/).waitFor();
    await rico.getByRole("form", { name: "Cash Out" }).getByLabel("Amount (₱)").fill("20");
    await rico.getByRole("form", { name: "Cash Out" }).getByLabel("Send it by").selectOption("office");
    await rico.getByRole("form", { name: "Cash Out" }).getByRole("button", { name: "Request Cash Out" }).click();
    await toast(rico, "Cash-out requested").waitFor();
    const waiting = rico.getByTestId("cashouts").locator('li[data-status="requested"]');
    await expect(waiting.textContent()).resolves.toContain("₱20.00");

    // --- Ana marks it paid at the office. ---
    const anaContext = await noScript();
    await signInAs(anaContext, "09170000001");
    const ana = await anaContext.newPage();
    await ana.goto("/admin/cashouts");
    await ana.getByRole("heading", { name: "Cash-outs and Remittances", level: 1 }).waitFor();
    const request = ana.getByTestId("cashout-queue").locator("li").filter({ hasText: "+639170000002" });
    await expect(request.textContent()).resolves.toContain("₱20.00 by At the office");
    await request.getByRole("button", { name: "Mark Paid" }).click();
    await toast(ana, "Cash-out paid").waitFor();
    await expect(
      ana.getByTestId("cashout-queue").locator("li").filter({ hasText: "+639170000002" }).count(),
    ).resolves.toBe(0);

    // Rico sees it paid.
    await rico.goto("/rider/earnings");
    await expect(
      rico.getByTestId("cashouts").locator('li[data-status="paid"]').first().textContent(),
    ).resolves.toContain("₱20.00");
  });
});
