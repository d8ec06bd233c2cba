import { describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM benchmark module; weigh() reads the built assets in public/build
import { frameworkFilesOf, PAGES, weigh } from "../../bench/page-weight.mjs";
import { baseURL } from "./browser";

// The budget for the public pages as a test (decision 0188): at most 15 KB of gzipped
// JavaScript each, none of it React's or Remix's, and no mapbox-gl, so a change that brings the
// framework back to a public page fails CI and not only the benchmark. Sizes, not timings:
// deterministic for a given build.
describe("page weight", () => {
  for (const page of PAGES as { name: string; path: string; limit: number }[]) {
    it(`keeps ${page.name} within ${(page.limit / 1024).toFixed(0)} KB of gzipped JavaScript, without the framework or mapbox-gl`, async () => {
      const html = await (await fetch(`${baseURL()}${page.path}`)).text();
      const weight = weigh(html) as { js: number; mapbox: string[]; urls: string[] };
      expect(weight.js).toBeLessThanOrEqual(page.limit);
      expect(frameworkFilesOf(weight)).toEqual([]);
      expect(weight.mapbox).toEqual([]);
      expect(html).not.toContain("__remixContext");
    });
  }

  it("still weighs the framework on a React page (the 404 page), so the checks above can fail", async () => {
    const html = await (await fetch(`${baseURL()}/no-such-page`)).text();
    const weight = weigh(html) as { js: number; urls: string[] };
    expect(weight.js).toBeGreaterThan(15 * 1024);
    expect(frameworkFilesOf(weight).length).toBeGreaterThan(0);
  });
});
