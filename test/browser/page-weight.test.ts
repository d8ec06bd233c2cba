import { describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM benchmark module; weigh() reads the built assets in public/build
import { PAGES, weigh } from "../../bench/page-weight.mjs";
import { baseURL } from "./browser";

// The budgets of issues 7 and 21 as a test, so a change that bloats a public page fails CI and not
// only the benchmark. Sizes, not timings: deterministic for a given build.
describe("page weight", () => {
  for (const page of PAGES as { name: string; path: string; limit: number }[]) {
    it(`keeps ${page.name} within ${(page.limit / 1024).toFixed(0)} KB of gzipped JavaScript, without mapbox-gl`, async () => {
      const html = await (await fetch(`${baseURL()}${page.path}`)).text();
      const weight = weigh(html) as { js: number; mapbox: string[] };
      expect(weight.js).toBeLessThanOrEqual(page.limit);
      expect(weight.mapbox).toEqual([]);
    });
  }
});
