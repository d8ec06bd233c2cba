import os from "node:os";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * Files that send a demo number its sign-in code through the pages (a number may receive one
 * code a minute). They start first, each in a worker of its own while there are workers, so none
 * waits for a minute another file of its server has used (test/browser/auth.ts, awaitCodeWindow).
 */
const SENDS_DEMO_CODES = ["sign-in.test.ts", "no-javascript.test.ts"];

class CodesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => SENDS_DEMO_CODES.includes(path.basename(spec.moduleId));
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}

/**
 * How many test files run at once, each against its own server (HATID_BROWSER_WORKERS to change).
 * The files mostly wait (on pages, sockets, timers): on 2 cores, 3 workers kept the CPU 40% busy.
 */
const workers = Number(process.env.HATID_BROWSER_WORKERS ?? Math.max(4, os.availableParallelism() + 2));

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
    // Files in one worker share its server's data, and run one after the other there.
    maxWorkers: workers,
    sequence: { sequencer: CodesFirst },
    // The app is built before the suite runs (npm test, npm run test:browser): `npm start` under
    // test (start-command.test.ts) does not build it again (scripts/local-env.mjs, build()).
    env: { HATID_APP_BUILT: "1" },
  },
});
