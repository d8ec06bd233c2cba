import type { Page } from "playwright-core";

/**
 * The signed-in top bar's two <details>: the one menu (pages, Settings, the language
 * switch, Logout) and the bell. A <summary> has no button role for Playwright, so tests find them
 * by their class. Both open on a click before or without the page's JavaScript.
 */
export const menuButton = (page: Page) => page.locator("header.top-nav summary.top-nav-menu-button");
export const bellButton = (page: Page) => page.locator("header.top-nav summary.bell");
export const bellPanel = (page: Page) => page.locator("#notification-panel");

/** Opens the top bar's menu (if it is not open) and gives it, to find Logout, Settings or the language switch in. */
export async function openMenu(page: Page) {
  const menu = page.locator("header.top-nav details.top-nav-menu");
  if ((await menu.getAttribute("open")) === null) await menuButton(page).click();
  await menu.locator(".top-nav-menu-panel").waitFor();
  return menu.locator(".top-nav-menu-panel");
}

/** Opens the bell's panel (if it is not open) and gives it. */
export async function openBell(page: Page) {
  const bell = page.locator("header.top-nav details.bell-wrap");
  if ((await bell.getAttribute("open")) === null) await bellButton(page).click();
  await bellPanel(page).waitFor();
  return bellPanel(page);
}
