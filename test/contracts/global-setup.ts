import type { TestProject } from "vitest/node";
// @ts-ignore -- plain ESM, shared with scripts/start-providers.mjs
import { serveAllFakes } from "./all-fakes.mjs";

/**
 * Serves the contract fakes on loopback for the whole workerd run; tests find them with
 * `fakeUrl(name)` (test/contracts/fakes.ts). The tests deliver the fakes' callbacks themselves.
 */
export default async function setup(project: TestProject) {
  const fakes = await serveAllFakes();
  project.provide("contractFakes", fakes.urls);
  return () => fakes.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    contractFakes: Record<string, string>;
  }
}
