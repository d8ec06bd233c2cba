import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-ignore -- plain ESM script shared with `npm test`
import { browserTestsStatus } from "../../scripts/local-env.mjs";
// @ts-ignore -- plain ESM script shared with `npm test`
import { chromiumPaths } from "../../scripts/chromium.mjs";

/**
 * What `npm test` does about Chromium before the browser tests (decision 0195): it needs the full
 * browser, runs faster with the headless shell, says so when the shell is missing, and under
 * CI=true fails rather than run without either. (Runs with the browser tests: it needs Node.)
 */
describe("npm test's Chromium check", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("runs in the headless shell when both are installed, the full browser only for Web Push", () => {
    vi.stubEnv("CHROMIUM_PATH", process.execPath);
    vi.stubEnv("CHROMIUM_HEADLESS_SHELL_PATH", process.execPath);
    expect(chromiumPaths()).toEqual({ chromium: process.execPath, headlessShell: process.execPath });
    expect(browserTestsStatus()).toEqual({ run: true });
  });

  it("without the shell runs everything in the full browser and says how to get the shell", () => {
    vi.stubEnv("CI", "");
    vi.stubEnv("CHROMIUM_PATH", process.execPath);
    vi.stubEnv("CHROMIUM_HEADLESS_SHELL_PATH", "/nonexistent/chromium-headless-shell");
    expect(chromiumPaths().headlessShell).toBeNull();
    const status = browserTestsStatus();
    expect(status.run).toBe(true);
    expect(status.note).toContain("apt-get install -y chromium chromium-headless-shell");
  });

  it("under CI=true fails without the shell or without Chromium", () => {
    vi.stubEnv("CI", "true");
    vi.stubEnv("CHROMIUM_PATH", process.execPath);
    vi.stubEnv("CHROMIUM_HEADLESS_SHELL_PATH", "/nonexistent/chromium-headless-shell");
    expect(browserTestsStatus()).toMatchObject({ run: false, fail: true });
    vi.stubEnv("CHROMIUM_PATH", "/nonexistent/chromium");
    expect(browserTestsStatus()).toMatchObject({
      run: false,
      fail: true,
      message: expect.stringContaining("/nonexistent/chromium"),
    });
  });

  it("outside CI skips the browser tests without Chromium, with the line that installs it", () => {
    vi.stubEnv("CI", "");
    vi.stubEnv("CHROMIUM_PATH", "/nonexistent/chromium");
    expect(browserTestsStatus()).toMatchObject({
      run: false,
      fail: false,
      message: expect.stringContaining("apt-get install -y chromium"),
    });
  });
});
