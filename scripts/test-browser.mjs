// Runs the browser tests in Debian's Chromium (or explains in one line why they cannot run).
import "./require-node.mjs";
import { spawnSync } from "node:child_process";
import { browserTestsStatus } from "./local-env.mjs";

const status = browserTestsStatus();
if (!status.run) {
  (status.fail ? console.error : console.log)(status.message);
  process.exit(status.fail ? 1 : 0);
}
if (status.note) console.log(status.note);
const result = spawnSync(
  "node_modules/.bin/vitest",
  ["run", "--config", "vitest.browser.config.ts", ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
