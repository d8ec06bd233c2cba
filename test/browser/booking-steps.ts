import type { Page } from "playwright-core";

/**
 * The booking form filled as a customer types it, Makati to Quezon City: the pickup city typed
 * as a name ("makati", which the server and the picker read as Makati, Metro Manila, with or
 * without JavaScript), the dropoff city typed in full as the list names it.
 */
export async function fillBooking(page: Page, address: string) {
  await page.getByLabel("Pickup address").fill(address);
  await page.getByRole("combobox", { name: "Pickup city" }).fill("makati");
  await page.getByLabel("Pickup contact number").fill("09171234567");
  await page.getByLabel("Dropoff address").fill("45 Katipunan Ave, Loyola Heights");
  await page.getByRole("combobox", { name: "Dropoff city" }).fill("Quezon City, Metro Manila");
  await page.getByLabel("Dropoff contact number").fill("09181234567");
  await page.getByLabel("Package description").fill("Signed contract");
}

/**
 * The booking form filled as a customer picks from the city lists, Makati to Quezon City: part of
 * the name typed, then the option clicked; the description left (blurred) for the estimate to show.
 */
export async function fillBookingPickingCities(page: Page, address: string, description: string) {
  await page.getByLabel("Pickup address").fill(address);
  await page.getByRole("combobox", { name: "Pickup city" }).fill("makati");
  await page.getByRole("option", { name: "Makati, Metro Manila" }).click();
  await page.getByLabel("Pickup contact number").fill("09171234567");
  await page.getByLabel("Dropoff address").fill("45 Katipunan Ave, Loyola Heights");
  await page.getByRole("combobox", { name: "Dropoff city" }).fill("quezon ci");
  await page.getByRole("option", { name: "Quezon City, Metro Manila" }).click();
  await page.getByLabel("Dropoff contact number").fill("09181234567");
  await page.getByLabel("Package description").fill(description);
  await page.getByLabel("Package description").blur();
}
