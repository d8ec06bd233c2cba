import { describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM benchmark module; weigh() reads the built assets in public/build
import { LANDING_JS_LIMIT, weigh } from "../../bench/page-weight.mjs";
import { baseURL } from "./browser";

// The budget of issue 7 as a test, so a change that bloats the landing page fails CI and not only
// the benchmark. Sizes, not timings: deterministic for a given build.
describe("page weight", () => {
  it("keeps the landing page under its JavaScript budget, without mapbox-gl", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const weight = weigh(html) as { js: number; mapbox: string[] };
    expect(weight.js).toBeLessThan(LANDING_JS_LIMIT);
    expect(weight.mapbox).toEqual([]);
  });
});
