import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { bookingBody } from "../fixtures/booking";
import { adminCookie, signUpAs } from "./auth";
import { baseURL, call, useBrowser, WITH_SERVICE_WORKER } from "./browser";
import { expectAllFilipino, filipinoContext } from "./filipino";

const { newContext } = useBrowser(WITH_SERVICE_WORKER);

const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });

/** The page as it arrives: its forms work before its JavaScript does (decision 0187). */
async function open(page: Page, pathname: string) {
  await page.goto(pathname);
}

describe("the rider's pages in Filipino at 360px", () => {
  it("dashboard offline and online, the job screen's step and handover dialogs, waiting for signal, earnings with the cash-out form, history", {
    timeout: 180_000,
  }, async () => {
    const customerContext = await newContext();
    const customer = await signUpAs(customerContext, "user");
    const riderContext = await filipinoContext(newContext);
    const rider = await signUpAs(riderContext, "rider", { firstName: "Rosario", lastName: "Rider" });
    const page = await riderContext.newPage();

    // Offline: nothing available, "Mag-online".
    await open(page, "/rider-dashboard");
    await expect(page.getByTestId("online-state").textContent()).resolves.toContain("Offline ka");
    await expectAllFilipino(page, "/rider-dashboard offline");

    // Online with a delivery to take, accepted from the list.
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ packageDescription: "Filipino walk parcel" }),
    );
    await page.getByRole("button", { name: "Mag-online" }).click();
    await toastWith(page, "Online ka na").waitFor({ timeout: 10_000 });
    const offered = page.locator(`#available-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await offered.waitFor({ timeout: 10_000 });
    await expectAllFilipino(page, "/rider-dashboard online, a delivery available");
    await offered.getByRole("button", { name: "Tanggapin ang delivery" }).click();
    await toastWith(page, "Natanggap mo na ang delivery!").waitFor({ timeout: 10_000 });
    const item = page.locator(`#active-deliveries .rider-item[data-delivery-id="${delivery.id}"]`);
    await item.locator("summary").filter({ hasText: "Hindi ko kaya" }).click();
    await expectAllFilipino(page, "/rider-dashboard, an accepted delivery, giving it back asked");
    await item.getByRole("button", { name: "Akin pa rin" }).click();

    // The job screen: the next step behind its confirmation, then the handover code.
    await open(page, `/rider/jobs/${delivery.id}`);
    await page.getByTestId("job-next-step").filter({ hasText: "Kumpirmahin ang pickup" }).click();
    const pickup = page.getByRole("group", { name: "Kumpirmahin ang pickup?" });
    await pickup.waitFor();
    await expectAllFilipino(page, "/rider/jobs/{id}, Confirm Pickup asked");
    await pickup.getByRole("button", { name: "Kumpirmahin ang pickup" }).click();
    await toastWith(page, "Na-update ang status ng delivery!").first().waitFor({ timeout: 10_000 });
    await call(rider.cookie, `/api/deliveries/${delivery.id}/status`, { status: "in_transit" });
    await open(page, `/rider/jobs/${delivery.id}`);
    await page.getByTestId("job-next-step").filter({ hasText: "Markahang naihatid" }).click();
    const handover = page.getByRole("group", { name: "Markahang naihatid?" });
    await handover.getByLabel("Handover code").waitFor();
    await expectAllFilipino(page, "/rider/jobs/{id}, the handover code asked");
    await handover.getByLabel("Handover code").fill("12a4");
    await handover.getByRole("button", { name: "Markahang naihatid" }).click();
    await handover.locator(".field-errors").first().waitFor();
    await expectAllFilipino(page, "/rider/jobs/{id}, a code that is not 4 digits");
    // No code from the recipient: the note opens, stays open while the check speaks as it is typed, and is Filipino.
    await handover.locator("summary").filter({ hasText: "Walang code ang tatanggap" }).click();
    const note = handover.getByLabel("Bakit walang code?");
    await note.fill("Wala sa bahay ang tatanggap");
    await handover.getByLabel("Handover code").fill("");
    await note.fill("Wala sa bahay ang tatanggap, iniwan sa guard");
    await expect(note.isVisible()).resolves.toBe(true);
    await expectAllFilipino(page, "/rider/jobs/{id}, no code: the note asked");

    // Mark Delivered without signal: kept on the phone, "Naghihintay ng signal", sent when it returns.
    await open(page, "/rider-dashboard");
    const { handoverCode } = (await (await customerContext.request.get(`/api/deliveries/${delivery.id}`)).json()) as {
      handoverCode: string;
    };
    await riderContext.setOffline(true);
    await item.locator("summary").filter({ hasText: "Markahang naihatid" }).click();
    const deliver = item.getByRole("group", { name: "Markahang naihatid?" });
    await deliver.getByLabel("Handover code").fill(handoverCode);
    await deliver.getByRole("button", { name: "Markahang naihatid" }).click();
    await item.getByTestId("waiting-signal").filter({ hasText: "Naghihintay ng signal" }).waitFor({ timeout: 5_000 });
    await expectAllFilipino(page, "/rider-dashboard, Mark Delivered waiting for signal");
    await riderContext.setOffline(false);
    await toastWith(page, "Na-update ang status ng delivery!").first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId("waiting-signal").count(), { timeout: 10_000 }).toBe(0);

    // Earnings: an adjustment leaves a balance to cash out (a remittance may only pay what is owed); the form's own check speaks Filipino.
    const remitted = await fetch(`${baseURL()}/api/admin/riders/${rider.userId}/adjustments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: await adminCookie() },
      body: JSON.stringify({ amount: 500, note: "Filipino walk float" }),
    });
    expect(remitted.status).toBe(201);
    await open(page, "/rider/earnings");
    await page.getByTestId("ledger-entries").locator('li[data-kind="share"]').waitFor();
    const form = page.getByRole("form", { name: "Mag-cash out" });
    await form.getByRole("button", { name: "I-request ang cash out" }).click();
    await form.getByText("Ilagay ang halaga sa piso.").waitFor();
    await form.getByLabel("Ipadala sa").selectOption("bank");
    await form.getByLabel("Pangalan sa account").waitFor();
    await expectAllFilipino(page, "/rider/earnings, the cash-out form with an error");
    await form.getByLabel("Ipadala sa").selectOption("gcash");
    await form.getByLabel("Halaga (₱)").fill("100");
    await form.getByLabel("GCash mobile number").fill("09171234567");
    await form.getByLabel("Pangalang naka-register sa GCash mo").fill("Rico Dela Cruz");
    await form.getByRole("button", { name: "I-request ang cash out" }).click();
    // GCash is sent at once by the payout sandbox.
    await toastWith(page, "Naipadala na sa GCash mo").waitFor({ timeout: 10_000 });
    await page.getByTestId("cashouts").locator('li[data-status="paid"]').waitFor();
    await expectAllFilipino(page, "/rider/earnings, a GCash cash-out paid");

    await open(page, "/rider/history");
    await page.getByTestId("history-list").locator(`[data-delivery-id="${delivery.id}"]`).waitFor();
    await expectAllFilipino(page, "/rider/history");

    // The co-op's pages: the proposals, one with its ballot's notice, the fund, the claims with the form's errors.
    await open(page, "/coop");
    await page.getByRole("heading", { name: "Ang kooperatiba mo", level: 1 }).waitFor();
    await expectAllFilipino(page, "/coop");
    await open(page, "/coop/proposals/demo-proposal-per-km");
    await expectAllFilipino(page, "/coop/proposals/{id}");
    await open(page, "/coop/fund");
    await expectAllFilipino(page, "/coop/fund");
    await open(page, "/coop/claims");
    await page.getByRole("button", { name: "Ipadala ang claim" }).click();
    await page.getByText("Ilagay ang halaga sa piso").first().waitFor();
    await expectAllFilipino(page, "/coop/claims, the form's errors");
  });

  it("/become-rider signed out, with the form's errors shown", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    await page.goto("/become-rider"); // a public page, without React (decision 0188)
    await expect(page.title()).resolves.toBe("Maging rider · Hatid");
    await expectAllFilipino(page, "/become-rider");
    await page.getByRole("button", { name: "Ipadala ang application" }).click();
    await page.locator(".field-error").filter({ hasText: CATALOGS.server.fil["applications.firstName"] }).waitFor();
    await toastWith(page, "May mali").waitFor();
    await page.getByLabel("Pangalan", { exact: true }).fill("Juan");
    await page.getByLabel("Apelyido").fill("Dela Cruz");
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByRole("button", { name: "Ipadala ang application" }).click(); // the server checks it
    await page.locator(".field-error").filter({ hasText: "Maglagay ng valid na Philippine mobile number" }).waitFor();
    await expectAllFilipino(page, "/become-rider with field errors");
  });
});
