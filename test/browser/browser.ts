import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";

// @ts-ignore -- plain ESM script shared with `npm test`
import { chromiumPaths } from "../../scripts/chromium.mjs";

/**
 * Debian's Chromium in two builds (decision 0195): the headless shell, which runs every test file
 * with about half the CPU, and the full browser, which only the files that need Web Push ask for
 * (the shell has no Push API). Without the shell installed, every file uses the full browser.
 */
const { chromium: CHROMIUM_PATH, headlessShell: HEADLESS_SHELL_PATH } = chromiumPaths() as {
  chromium: string;
  headlessShell: string | null;
};

/** Flags that keep Chromium quiet on a machine with no network beyond loopback. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The server of this test file's worker (test/browser/global-setup.ts starts one per worker; the
 * pool gives each running file its own VITEST_POOL_ID, 1..maxWorkers).
 */
export function testServer() {
  const servers = inject("servers");
  const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
  const server = servers[(poolId - 1) % servers.length];
  if (!server) throw new Error("No test server: run the browser tests with vitest.browser.config.ts");
  return server;
}

export const baseURL = () => testServer().baseURL;

/**
 * One Chromium per test file. `newContext()` gives an isolated session
 * (its own cookies), pointed at the app under test, with a phone-sized viewport by default.
 *
 * The service worker is blocked unless a file asks for it (`useBrowser(WITH_SERVICE_WORKER)`): on
 * its first page it fetches every file of the build (about 180) into its cache, and a suite of some
 * 300 contexts spent much of its time serving those. The files about offline use, push and the
 * installed app keep it.
 */
export const WITH_SERVICE_WORKER: BrowserContextOptions = { serviceWorkers: "allow" };

export function useBrowser(defaults: BrowserContextOptions = {}, { webPush = false }: { webPush?: boolean } = {}) {
  let browser: Browser | undefined;
  // The contexts a test opened: closed when it ends, so their pages (polling, sockets, maps,
  // animations) stop using the CPU the next tests need. Those opened in a beforeAll stay open.
  let testContexts: BrowserContext[] | null = null;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: webPush ? CHROMIUM_PATH : (HEADLESS_SHELL_PATH ?? CHROMIUM_PATH),
      args: CHROMIUM_ARGS, // launch() gives every run a fresh, temporary profile
      headless: true,
    });
  });

  beforeEach(() => {
    testContexts = [];
  });

  afterEach(async () => {
    const opened = testContexts ?? [];
    testContexts = null;
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newContext(options: BrowserContextOptions = {}) {
      if (!browser) throw new Error("useBrowser(): the browser is not running yet");
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width: 360, height: 740 },
        serviceWorkers: "block",
        ...defaults,
        ...options,
      });
      testContexts?.push(context);
      return context;
    },
  };
}

/** A POST to the app as the holder of `cookie`, failing the test on a refusal; the answer's JSON. */
export async function call(cookie: string, pathname: string, body?: unknown) {
  const response = await fetch(`${baseURL()}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Whether a person sees where the element starts without scrolling: its top edge below the
 * signed-in area's sticky top bar and above the bottom of the screen. Poll it (`expect.poll`): a
 * page that moves to an answer may still be scrolling.
 */
export const onScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    const bar = document.querySelector(".top-nav")?.getBoundingClientRect().bottom ?? 0;
    return top >= bar - 1 && top < window.innerHeight - 40;
  });
