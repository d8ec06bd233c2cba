import { describe, it } from "vitest";
import { useBrowser } from "./browser";
import { expectAllFilipino, filipinoContext } from "./filipino";

const { newContext } = useBrowser();

describe("public pages in Filipino at 360px", () => {
  it("show no English they have a Filipino translation for", async () => {
    const page = await (await filipinoContext(newContext)).newPage();
    for (const path of ["/", "/sign-in"]) {
      await page.goto(path);
      await expectAllFilipino(page, path);
    }
  });
});
