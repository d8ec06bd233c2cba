// Runs the browser tests in Debian's Chromium. Outside CI a machine without it skips them with
// one line; under CI=true a missing Chromium is a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  if (process.env.CI === "true") {
    console.error(`Browser tests need Chromium at ${chromium} (apt-get install -y chromium); CI=true, so this fails.`);
    process.exit(1);
  }
  console.log(`Skipping browser tests: no Chromium at ${chromium} (install it with: apt-get install -y chromium).`);
  process.exit(0);
}
const result = spawnSync("node_modules/.bin/vitest", ["run", "--config", "vitest.browser.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
