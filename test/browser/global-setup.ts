import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-ignore -- plain ESM script shared with `npm start`
import { applyMigrations, ensureDevVars, freePort, loadDemoData, startServer } from "../../scripts/local-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Sessions and code-send times shared by the test files of this run (see auth.ts). */
    sessionCacheFile: string;
  }
}

/** A fresh local D1 in a temp folder, the app on a free port, the demo data loaded. */
export default async function setup(project: TestProject) {
  ensureDevVars();
  const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-browser-"));
  applyMigrations({ persistTo, quiet: true });
  const port = await freePort();
  // Peak hours follow a fixed off-peak instant (a Sunday night in Manila), so fares do not depend on when the suite runs (decision 0183).
  const server = await startServer({ port, persistTo, quiet: true, vars: { PEAK_HOURS_CLOCK: "2026-11-29T21:00:00+08:00" } });
  await loadDemoData(server.url);
  project.provide("baseURL", server.url);
  project.provide("sessionCacheFile", path.join(persistTo, "browser-sessions.json"));

  return async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
