import { existsSync } from "node:fs";

/**
 * Debian's Chromium for the browser tests: the full browser (`chromium`) and its headless shell
 * (`chromium-headless-shell`, the same engine without the browser's UI; null when not installed).
 */
export function chromiumPaths() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
  return { chromium, headlessShell: existsSync(headlessShell) ? headlessShell : null };
}
