import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

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
            // The sandbox gateway's webhook secret; the webhook tests sign with it independently.
            PAYMONGO_WEBHOOK_SECRET: "whsk_test_hatid_sandbox_0123456789abcdef",
            // The payout sandbox's webhook secret (issue 27); test/workerd/gcash-payouts.test.ts signs with it independently.
            PAYOUT_WEBHOOK_SECRET: "whsk_test_hatid_payouts_0123456789abcdef",
            // A VAPID key pair for tests only (test/workerd/push.test.ts verifies the signature with the public half).
            VAPID_PUBLIC_KEY: "BNP5UpsQcYw61qprGBGEO-fFffW7pwvPp2LORPdI8oWCJdwFwyjvN0IZ1ImV6_DRrG4CS0MNGr1Mr_IldBtxWOY",
            VAPID_PRIVATE_KEY: "6RbhYdl3vYEMur1Ufpcrq6NVg7ikjsNR5zsZdxKYYn4",
          },
        },
      }),
    ],
    resolve: { alias: { "~": path.join(__dirname, "app") } },
    test: {
      include: ["test/workerd/**/*.test.ts", "app/**/*.test.ts"],
      setupFiles: ["./test/workerd/setup.ts"],
      // Each file runs in a Miniflare of its own; vitest's default on 2 cores is one file at a
      // time (cores - 1). Files wait on workerd as much as they compute, so run one per core at least.
      maxWorkers: Number(process.env.HATID_WORKERD_WORKERS ?? Math.max(2, os.availableParallelism())),
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
    },
  };
});
