// `npm test`: build, type-check, the workerd tests, then the browser tests; ends with one
// "N passed, N failed" line and fails if any test failed or none ran.
import "./require-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { browserTestsStatus, ROOT } from "./local-env.mjs";

const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "hatid-test-"));

function step(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
function count(reportFile) {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const vitestArgs = (file, ...extra) => ["run", ...extra, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];

let ok = step("Build", "npm", ["run", "--silent", "build"]);
ok = ok && step("Type-check", bin("tsc"), ["--noEmit"]);
if (ok) {
  const workerd = path.join(reports, "workerd.json");
  ok = step("Workerd tests (D1, Durable Objects, the Worker)", bin("vitest"), vitestArgs(workerd)) && ok;
  count(workerd);

  const browserTests = browserTestsStatus();
  if (browserTests.run) {
    const browser = path.join(reports, "browser.json");
    ok = step("Browser tests (Chromium)", bin("vitest"), vitestArgs(browser, "--config", "vitest.browser.config.ts")) && ok;
    count(browser);
  } else {
    (browserTests.fail ? console.error : console.log)(`\n${browserTests.message}`);
    if (browserTests.fail) ok = false;
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (!ok || totals.failed > 0) process.exit(1);
if (totals.passed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
