import path from "node:path";
import { defineConfig } from "vitest/config";

// Browser tests: Debian's Chromium driven by playwright-core against the real app under
// `wrangler dev` (started and stopped by test/browser/global-setup.ts on a free port).
export default defineConfig({
  resolve: { alias: { "~": path.join(__dirname, "app") } },
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/browser/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium and one server for all files; files share the server's data, so run them in sequence.
    fileParallelism: false,
  },
});
