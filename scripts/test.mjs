// `npm test`: the build, the workerd tests beside the type-check and the deploy's dry run, then
// the browser tests (files in parallel, each worker with its own server); ends with one "N passed,
// N failed" line and fails if any test failed or none ran. Each step prints how long it took.
import "./require-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { browserTestsStatus, ROOT } from "./local-env.mjs";

const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "hatid-test-"));

function step(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
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

const runStarted = Date.now();
const vitestArgs = (file, ...extra) => [
  "run",
  ...extra,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${file}`,
];

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
  // The type-check (one core, about 40 s) and the deploy's dry run (wrangler bundling the Worker as
  // `npm run deploy` would upload it, about 3 s of CPU; no account needed) run beside the workerd
  // tests, which wait on workerd as much as they compute; their output is printed when the workerd
  // tests end. (Started beside the build instead, 2026-11-27, the type-check slowed the build from
  // 12 to 15-19 s for no gain after it; the dry run needs the build.)
  const typeCheck = together([
    ["Type-check", bin("tsc"), ["--noEmit"]],
    [
      "Deploy dry run (wrangler deploy --dry-run)",
      process.execPath,
      [path.join(ROOT, "scripts", "deploy-dry-run.mjs")],
    ],
    // Formatting differences, lint errors and import circles (Biome), unused files and exports
    // (knip), comments citing files outside the repository: each fails the run (decision 0221).
    ["Format and lint (biome ci)", bin("biome"), ["ci", "--reporter=summary", "."]],
    ["Unused files and exports (knip)", bin("knip"), ["--no-progress"]],
    ["Citations stay inside the repository", process.execPath, [path.join(ROOT, "scripts", "check-citations.mjs")]],
  ]);
  const workerd = path.join(reports, "workerd.json");
  ok = step("Workerd tests (D1, Durable Objects, the Worker)", bin("vitest"), vitestArgs(workerd)) && ok;
  count(workerd);
  ok = (await typeCheck) && ok;

  const browserTests = browserTestsStatus();
  if (browserTests.run) {
    if (browserTests.note) console.log(`\n${browserTests.note}`);
    const browser = path.join(reports, "browser.json");
    ok =
      step("Browser tests (Chromium)", bin("vitest"), vitestArgs(browser, "--config", "vitest.browser.config.ts")) &&
      ok;
    count(browser);
  } else {
    (browserTests.fail ? console.error : console.log)(`\n${browserTests.message}`);
    if (browserTests.fail) ok = false;
  }
}

console.log(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${((Date.now() - runStarted) / 60_000).toFixed(1)} min)`,
);
if (!ok || totals.failed > 0) process.exit(1);
if (totals.passed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
