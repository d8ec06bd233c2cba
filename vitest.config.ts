import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import os from "node:os";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

const ALL_TESTS = ["test/workerd/**/*.test.ts", "test/contracts/**/*.test.ts", "app/**/*.test.ts"];
/**
 * Files that start from empty storage of their own: those that read the whole database (the day's
 * totals, every delivery's page, the demo data) and those that change the co-op's settings, which
 * price every other file's bookings.
 */
const OWN_WORLD = [
  "app/demo/demo-data.test.ts",
  "test/workerd/admin-forms.test.ts",
  "test/workerd/admin.test.ts",
  "test/workerd/booking-limits.test.ts",
  "test/workerd/coop-claims.test.ts",
  "test/workerd/coop-claims-hold.test.ts",
  "test/workerd/coop-claims-property.test.ts",
  "test/workerd/coop-pages.test.ts",
  "test/workerd/ballot-totals.test.ts",
  "test/workerd/books-property.test.ts",
  "test/workerd/coop-fund.test.ts",
  "test/workerd/foundation.test.ts",
  "test/workerd/governance.test.ts",
  "test/workerd/governance-texts.test.ts",
  "test/workerd/money-in-property.test.ts",
  "test/workerd/money-messages.test.ts",
  "test/workerd/pages-agree.test.ts",
  "test/workerd/paging.test.ts",
  "test/workerd/peak-hours.test.ts",
  "test/workerd/ratings-release.test.ts",
  "test/workerd/refusals-i18n.test.ts",
  "test/workerd/reports.test.ts",
  "test/workerd/retention.test.ts",
  "test/workerd/rider-operations.test.ts",
  "test/workerd/settings-guard.test.ts",
  "test/workerd/settings-on-pages.test.ts",
  "test/workerd/settings.test.ts",
  "test/workerd/setup-page.test.ts",
  "test/workerd/settings-versions.test.ts",
];

/**
 * The longest files (8 to 33 s each in the full suite on the 2-core machine, 2026-11-27), started
 * first, longest first. Vitest's own order on a fresh clone is by file size, which put the one-line
 * route sweeps last: the longest ran alone on one core for its last 20 s.
 */
const LONGEST = [
  "api-sweep-deliveries.test.ts",
  "books-property.test.ts",
  "money-in-property.test.ts",
  "coop-claims-property.test.ts",
  "governance.test.ts",
  "api-sweep-other.test.ts",
  "coop-claims.test.ts",
  "room-rights.test.ts",
  "ledger-property.test.ts",
];

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const long = LONGEST.indexOf(path.basename(spec.moduleId));
      return long === -1 ? LONGEST.length : long;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

// Workerd tests: every test file runs inside workerd with the real Worker (SELF), real D1 with
// the migrations applied, and the real DeliveryRoom Durable Object.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: "test",
            // Peak hours follow this instant, not the clock (a Sunday night in Manila: no peak), so
            // fares do not depend on when the suite runs; peak tests set their own (decision 0183).
            PEAK_HOURS_CLOCK: "2026-11-29T21:00:00+08:00",
            SESSION_SECRET: "test-session-secret-not-for-production-0123456789",
            // Keys the secret ballots (decision 0190); test/workerd/governance.test.ts reads no choice by it.
            BALLOT_SECRET: "test-ballot-secret-not-for-production-0123456789",
            // The sandbox gateway's webhook secret; the webhook tests sign with it independently.
            PAYMONGO_WEBHOOK_SECRET: "whsk_test_hatid_sandbox_0123456789abcdef",
            // The payout sandbox's callback token (decision 0207); test/workerd/gcash-payouts.test.ts sends it as Xendit would.
            PAYOUT_CALLBACK_TOKEN: "test_hatid_payout_callback_token_0123456789abcdef",
            // A VAPID key pair for tests only (test/workerd/push.test.ts verifies the signature with the public half).
            VAPID_PUBLIC_KEY: "BNP5UpsQcYw61qprGBGEO-fFffW7pwvPp2LORPdI8oWCJdwFwyjvN0IZ1ImV6_DRrG4CS0MNGr1Mr_IldBtxWOY",
            VAPID_PRIVATE_KEY: "6RbhYdl3vYEMur1Ufpcrq6NVg7ikjsNR5zsZdxKYYn4",
          },
        },
      }),
    ],
    resolve: { alias: { "~": path.join(__dirname, "app") } },
    test: {
      setupFiles: ["./test/workerd/setup.ts"],
      // The outside services' contract fakes, on loopback for the whole run (test/contracts/).
      globalSetup: ["./test/contracts/global-setup.ts"],
      sequence: { sequencer: LongestFirst },
      // Vitest's default on 2 cores is one file at a time (cores - 1). Files wait on workerd as
      // much as they compute, and each own-world file waits seconds for a workerd of its own to
      // start: one more file than cores keeps them busy (on 2 cores, the time with no file running
      // fell from 51 to 20 s of a 3-minute run).
      maxWorkers: Number(process.env.HATID_WORKERD_WORKERS ?? Math.max(3, os.availableParallelism() + 1)),
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
      projects: [
        // Most files make their own people and deliveries and look only at those: they share one
        // workerd (and its D1) per vitest worker, which saves starting one for each of ~90 files
        // (about 2 s each, and the modules transformed again).
        { extends: true, test: { name: "shared", include: ALL_TESTS, exclude: OWN_WORLD, isolate: false } },
        { extends: true, test: { name: "own-world", include: OWN_WORLD, isolate: true } },
      ],
    },
  };
});
