import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-ignore -- plain ESM script shared with `npm start`
import { applyMigrations, ensureDevVars, freePort, loadDemoData, startServer } from "../../scripts/local-env.mjs";

/** One app under test: its address and the sessions its test files share (see auth.ts). */
export interface TestServer {
  baseURL: string;
  /** Sessions and code-send times shared by the test files run against this server. */
  sessionCacheFile: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker: the file running in worker N (VITEST_POOL_ID) uses servers[N - 1]. */
    servers: TestServer[];
  }
}

/**
 * The browser test files run in parallel, each worker against a server of its own: a fresh local
 * D1 in a temp folder, the app on a free port, the demo data loaded. Files in one worker run one
 * after the other, as the whole suite did before; files in different workers share nothing.
 * Only as many servers start as workers can run (fewer when fewer files were asked for).
 */
export default async function setup(project: TestProject) {
  ensureDevVars();
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const { testFiles } = await project.globTestFiles(filters);
  const count = Math.max(1, Math.min(testFiles.length, project.config.maxWorkers));

  // The migrations are applied once; every server starts from a copy of that database.
  const template = mkdtempSync(path.join(tmpdir(), "hatid-browser-template-"));
  applyMigrations({ persistTo: template, quiet: true });
  const started = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-browser-"));
      cpSync(template, persistTo, { recursive: true });
      const port = await freePort();
      // Servers starting together would otherwise race for wrangler's default inspector port; on a
      // busy 2-core machine several starting at once may take longer than one alone (timeoutMs).
      const extraArgs = ["--inspector-port", String(await freePort())];
      // Peak hours follow a fixed off-peak instant (a Sunday night in Manila), so fares do not depend on when the suite runs (decision 0183).
      const server = await startServer({ port, persistTo, quiet: true, vars: { PEAK_HOURS_CLOCK: "2026-11-29T21:00:00+08:00" }, extraArgs, timeoutMs: 120_000 }).catch((error: unknown) => {
        rmSync(persistTo, { recursive: true, force: true });
        throw error;
      });
      return { server, persistTo };
    }),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map(({ server }) => server.stop()));
    for (const { persistTo } of servers) rmSync(persistTo, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    rmSync(template, { recursive: true, force: true });
    throw failed.reason;
  }
  rmSync(template, { recursive: true, force: true });
  await Promise.all(servers.map(({ server }) => loadDemoData(server.url))).catch(async (error) => {
    await stopAll();
    throw error;
  });
  project.provide(
    "servers",
    servers.map(({ server, persistTo }) => ({ baseURL: server.url, sessionCacheFile: path.join(persistTo, "browser-sessions.json") })),
  );

  return stopAll;
}
