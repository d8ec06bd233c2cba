// The browser tests' servers: one per browser test worker, each `wrangler dev` on a free port with
// its own copy of a freshly migrated local D1 and the demo data (test/browser/global-setup.ts).
// Starting them beside the workerd tests instead was tried (2026-11-27): the workerd tests took 45 s
// longer and the browser tests 30 s less, so they start with the browser suite.
import os from "node:os";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, ensureDevVars, freePort, loadDemoData, startServer } from "./local-env.mjs";

/** How many browser test files run at once, each against its own server (HATID_BROWSER_WORKERS to change). */
export const browserWorkers = () =>
  Number(process.env.HATID_BROWSER_WORKERS ?? Math.max(4, os.availableParallelism() + 2));

/**
 * Starts `count` servers. Answers `{ servers: [{ baseURL, sessionCacheFile }], stop }`; `stop()`
 * stops them and deletes their data. A failed start stops those already started.
 */
export async function startBrowserServers(count) {
  ensureDevVars();
  // The migrations are applied once; every server starts from a copy of that database.
  const template = mkdtempSync(path.join(tmpdir(), "hatid-browser-template-"));
  try {
    applyMigrations({ persistTo: template, quiet: true });
    const started = await Promise.allSettled(
      Array.from({ length: count }, async () => {
        const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-browser-"));
        cpSync(template, persistTo, { recursive: true });
        const port = await freePort();
        // On a busy 2-core machine several servers starting at once may take longer than one alone (timeoutMs).
        // Peak hours follow a fixed off-peak instant (a Sunday night in Manila), so fares do not depend on when the suite runs (decision 0183).
        const server = await startServer({
          port,
          persistTo,
          quiet: true,
          vars: { PEAK_HOURS_CLOCK: "2026-11-29T21:00:00+08:00" },
          timeoutMs: 120_000,
        }).catch((error) => {
          rmSync(persistTo, { recursive: true, force: true });
          throw error;
        });
        return { server, persistTo };
      }),
    );
    const running = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const stop = async () => {
      await Promise.all(running.map(({ server }) => server.stop()));
      for (const { persistTo } of running) rmSync(persistTo, { recursive: true, force: true });
    };
    const failed = started.find((result) => result.status === "rejected");
    if (failed) {
      await stop();
      throw failed.reason;
    }
    await Promise.all(running.map(({ server }) => loadDemoData(server.url))).catch(async (error) => {
      await stop();
      throw error;
    });
    return {
      servers: running.map(({ server, persistTo }) => ({
        baseURL: server.url,
        sessionCacheFile: path.join(persistTo, "browser-sessions.json"),
      })),
      stop,
    };
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}
