import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
// @ts-ignore -- plain ESM script shared with `npm test`
import { browserWorkers } from "./scripts/browser-servers.mjs";

/**
 * Files that send a demo number its sign-in code through the pages (a number may receive one
 * code a minute). They start first, each in a worker of its own while there are workers, so none
 * waits for a minute another file of its server has used (test/browser/auth.ts, awaitCodeWindow).
 */
const SENDS_DEMO_CODES = ["sign-in.test.ts", "no-javascript.test.ts"];

/**
 * The longest files, longest first (1.5 to 3 minutes each in the full suite on the 2-core machine,
 * 2026-11-27 10:56), started next so none of them is left running alone at the end: every page at
 * 360px in both languages, axe on every page, the live job screen's 70 s without a rider, a second
 * server with a map token, the public pages, the rider's day, the shell; a claim with three 4 MB
 * photos, with and without JavaScript.
 */
const LONGEST = [
  "narrow-screens.test.ts",
  "accessibility.test.ts",
  "job-screen.test.ts",
  "tracking.test.ts",
  "public-pages.test.ts",
  "rider.test.ts",
  "shell.test.ts",
  "pwa.test.ts",
  "co-op-claims.test.ts",
];

class CodesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const name = path.basename(spec.moduleId);
      if (SENDS_DEMO_CODES.includes(name)) return 0;
      const long = LONGEST.indexOf(name);
      return long === -1 ? LONGEST.length + 1 : 1 + long;
    };
    // Array.prototype.sort is stable: within a rank, vitest's own order stays.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * How many test files run at once, each against its own server (HATID_BROWSER_WORKERS to change).
 * The files mostly wait (on pages, sockets, timers): on 2 cores, 3 workers kept the CPU 40% busy.
 */
const workers = browserWorkers();

// Browser tests: Debian's Chromium driven by playwright-core against the real app under
// `wrangler dev` (test/browser/global-setup.ts starts one per worker, each on a free port with
// its own database, and stops them).
export default defineConfig({
  resolve: { alias: { "~": path.join(__dirname, "app") } },
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/browser/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits on what a page shows after a round trip to its server: vitest's 1 s is
    // shorter than a page load on the 2-core machine under the suite's own load.
    expect: { poll: { timeout: 10_000 } },
    // Files in one worker share its server's data, and run one after the other there.
    maxWorkers: workers,
    sequence: { sequencer: CodesFirst },
    // The app is built before the suite runs (npm test, npm run test:browser): `npm start` under
    // test (start-command.test.ts) does not build it again (scripts/local-env.mjs, build()).
    env: { HATID_APP_BUILT: "1" },
  },
});
