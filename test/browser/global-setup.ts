import type { TestProject } from "vitest/node";
// @ts-ignore -- plain ESM script shared with `npm test`
import { startBrowserServers } from "../../scripts/browser-servers.mjs";

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
 * D1 in a temp folder, the app on a free port, the demo data loaded (scripts/browser-servers.mjs).
 * Files in one worker run one after the other; files in different workers share nothing. Only as
 * many servers start as workers can run (fewer when fewer files were asked for).
 */
export default async function setup(project: TestProject) {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const { testFiles } = await project.globTestFiles(filters);
  const count = Math.max(1, Math.min(testFiles.length, project.config.maxWorkers));
  const { servers, stop } = (await startBrowserServers(count)) as { servers: TestServer[]; stop: () => Promise<void> };
  project.provide("servers", servers);
  return stop;
}
