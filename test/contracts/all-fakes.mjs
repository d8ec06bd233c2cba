// @ts-check
// Every outside service's contract fake, by name, with what the app needs to use it in place of the
// provider (its keys and base URL), and one call that serves them all: the workerd tests' global
// setup (test/contracts/global-setup.ts) and `npm run start:providers`.
import { serveFake } from "./fake-server.mjs";
import { turnstileFake } from "./fakes/turnstile.mjs";

/** The local walk's Turnstile widget (`npm run start:providers`): made at the fake as it starts. */
const LOCAL_TURNSTILE = { sitekey: "0x4AAAAAAAhatidLocalWalk", secret: "0x4AAAAAAAhatidLocalWalkSecret" };

/**
 * @typedef {{
 *   make: (options: { local: boolean }) => import("./fake-server.mjs").Fake,
 *   port: number,
 *   appVars: (url: string) => Record<string, string>,
 *   note?: (url: string) => string,
 * }} FakeEntry
 */

/** @type {Record<string, FakeEntry>} */
export const FAKES = {
  turnstile: {
    make: ({ local }) => turnstileFake(local ? { widgets: { [LOCAL_TURNSTILE.sitekey]: LOCAL_TURNSTILE.secret } } : {}),
    port: 8796,
    appVars: (url) => ({ TURNSTILE_SITE_KEY: LOCAL_TURNSTILE.sitekey, TURNSTILE_SECRET_KEY: LOCAL_TURNSTILE.secret, TURNSTILE_API_URL: url }),
    note: () => "Turnstile: the sign-in forms get their token from the fake's invisible widget",
  },
};

/**
 * Serves every fake on loopback. `local`: the fixed ports and state of `npm run start:providers`
 * (else any free port, empty state); `callbackBase`: where their callbacks go (else they are only
 * kept, for the tests to deliver).
 * @param {{ local?: boolean, callbackBase?: string }} [options]
 */
export async function serveAllFakes({ local = false, callbackBase } = {}) {
  const served = await Promise.all(
    Object.entries(FAKES).map(async ([name, entry]) => ({ name, entry, fake: await serveFake(entry.make({ local }), { port: local ? entry.port : 0, callbackBase }) })),
  );
  return {
    urls: Object.fromEntries(served.map(({ name, fake }) => [name, fake.url])),
    appVars: Object.assign({}, ...served.map(({ entry, fake }) => entry.appVars(fake.url))),
    notes: served.flatMap(({ entry, fake }) => (entry.note ? [`${entry.note(fake.url)} (${fake.url})`] : [])),
    close: () => Promise.all(served.map(({ fake }) => fake.close())),
  };
}
