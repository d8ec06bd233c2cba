// `npm test`: the build; the workerd tests beside the type-check and the start of the browser
// suite's servers; then the browser tests (files in parallel, each worker with its own server).
// Ends with one "N passed, N failed" line and fails if any test failed or none ran. Each step
// prints how long it took.
import "./require-node.mjs";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { browserTestsStatus, ROOT } from "./local-env.mjs";
import { browserWorkers, startBrowserServers } from "./browser-servers.mjs";

const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "hatid-test-"));

/** Runs one step, its output straight through, without blocking this process (the browser servers start meanwhile). True if it passed. */
function stepAsync(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", (error) => console.error(error.message));
    child.on("close", (code) => {
      console.log(`◀ ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
function count(reportFile) {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const runStarted = Date.now();
const vitestArgs = (file, ...extra) => ["run", ...extra, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];

/**
 * Runs steps side by side (the build is mostly one core's work, and so is tsc); each step's output
 * is printed whole when it ends, so the two do not interleave. True if every step passed.
 */
async function together(steps) {
  const results = await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: process.env });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("error", (error) => (output += `${error.message}\n`));
          child.on("close", (code) => {
            console.log(`\n▶ ${label} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
            if (output) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

let ok = await together([["Build", "npm", ["run", "--silent", "build"]]]);
if (ok) {
  const browserTests = browserTestsStatus();
  // The browser suite's servers start now, beside the workerd tests (which leave about a fifth of
  // the 2 cores idle, waiting on workerd): starting four `wrangler dev` took some 45 s of the
  // browser suite's own time. Handed to it in a file; stopped here, whatever happens.
  const serversFile = path.join(reports, "browser-servers.json");
  const serversStarting = browserTests.run
    ? startBrowserServers(browserWorkers()).then(
        (started) => (writeFileSync(serversFile, JSON.stringify(started.servers)), started),
        (error) => (console.error(`\nThe browser suite's servers did not start here (${error?.message ?? error}); its own setup starts them.`), null),
      )
    : Promise.resolve(null);
  const stopServers = async () => (await serversStarting)?.stop();
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void stopServers().finally(() => process.exit(1)));
  try {
    // The type-check (one core, about 40 s) runs beside the workerd tests too; its output is
    // printed when it ends.
    const typeCheck = together([["Type-check", bin("tsc"), ["--noEmit"]]]);
    const workerd = path.join(reports, "workerd.json");
    ok = (await stepAsync("Workerd tests (D1, Durable Objects, the Worker)", bin("vitest"), vitestArgs(workerd))) && ok;
    count(workerd);
    ok = (await typeCheck) && ok;

    if (browserTests.run) {
      const browser = path.join(reports, "browser.json");
      const handed = (await serversStarting) ? { HATID_BROWSER_SERVERS: serversFile } : {};
      ok = (await stepAsync("Browser tests (Chromium)", bin("vitest"), vitestArgs(browser, "--config", "vitest.browser.config.ts"), handed)) && ok;
      count(browser);
    } else {
      (browserTests.fail ? console.error : console.log)(`\n${browserTests.message}`);
      if (browserTests.fail) ok = false;
    }
  } finally {
    await stopServers();
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${((Date.now() - runStarted) / 60_000).toFixed(1)} min)`);
if (!ok || totals.failed > 0) process.exit(1);
if (totals.passed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
