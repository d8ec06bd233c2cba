// @ts-check
// Every outside service's contract fake, by name, with what the app needs to use it in place of the
// provider (its keys and base URL), and one call that serves them all: the workerd tests' global
// setup (test/contracts/global-setup.ts) and `npm run start:providers`.
import { serveFake } from "./fake-server.mjs";
import { turnstileFake } from "./fakes/turnstile.mjs";
import { semaphoreFake } from "./fakes/semaphore.mjs";
import { emailFake } from "./fakes/email.mjs";
import { mapboxFake } from "./fakes/mapbox.mjs";
import { paymongoFake } from "./fakes/paymongo.mjs";
import { xenditFake } from "./fakes/xendit.mjs";

/** The local walk's Turnstile widget (`npm run start:providers`): made at the fake as it starts. */
const LOCAL_TURNSTILE = { sitekey: "0x4AAAAAAAhatidLocalWalk", secret: "0x4AAAAAAAhatidLocalWalkSecret" };
/** The local walk's Semaphore account, Resend key and Mapbox token, and the places its geocoder knows. */
const LOCAL_SEMAPHORE = { apikey: "hatid-local-walk-semaphore-key", senderNames: ["HATID"] };
const LOCAL_EMAIL = { key: "re_hatidLocalWalk", domains: ["hatid.test"] };
const LOCAL_MAPBOX = { token: "pk.hatid-local-walk" };
const LOCAL_PLACES = [
  { text: "12 Jupiter St, Bel-Air, Makati", longitude: 121.0291, latitude: 14.5614, place: "Makati" },
  { text: "5 Ayala Ave, San Lorenzo, Makati", longitude: 121.0198, latitude: 14.5521, place: "Makati" },
  {
    text: "45 Katipunan Ave, Loyola Heights, Quezon City",
    longitude: 121.0748,
    latitude: 14.6385,
    place: "Quezon City",
  },
  { text: "22 Kalayaan Ave, Diliman, Quezon City", longitude: 121.0579, latitude: 14.6465, place: "Quezon City" },
  { text: "8 Shaw Blvd, Wack-Wack, Mandaluyong", longitude: 121.0557, latitude: 14.5893, place: "Mandaluyong" },
  { text: "100 Ortigas Ave, San Antonio, Pasig", longitude: 121.0615, latitude: 14.5869, place: "Pasig" },
];

/** The local walk's PayMongo merchant and Xendit business: made at the fakes as they start. */
const LOCAL_PAYMONGO = {
  secretKey: "sk_test_hatidLocalWalk0000000000",
  webhookSecret: "whsk_hatidLocalWalk000000000000",
};
const LOCAL_XENDIT = {
  secretKey: "xnd_development_hatidLocalWalk000000000",
  callbackToken: "hatidLocalWalkXenditVerificationToken0",
};

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
    appVars: (url) => ({
      TURNSTILE_SITE_KEY: LOCAL_TURNSTILE.sitekey,
      TURNSTILE_SECRET_KEY: LOCAL_TURNSTILE.secret,
      TURNSTILE_API_URL: url,
    }),
    note: () => "Turnstile: the sign-in forms get their token from the fake's invisible widget",
  },
  semaphore: {
    make: ({ local }) => semaphoreFake(local ? { accounts: [LOCAL_SEMAPHORE] } : {}),
    port: 8791,
    appVars: (url) => ({
      SEMAPHORE_API_KEY: LOCAL_SEMAPHORE.apikey,
      SEMAPHORE_SENDER_NAME: "HATID",
      SEMAPHORE_API_URL: url,
    }),
    note: (url) =>
      `Semaphore: sign-in codes and other texts are not in the dev outbox; read them at ${url}/__fake/inbox`,
  },
  email: {
    make: ({ local }) => emailFake(local ? { apiKeys: [LOCAL_EMAIL] } : {}),
    port: 8792,
    appVars: (url) => ({
      EMAIL_API_KEY: LOCAL_EMAIL.key,
      EMAIL_FROM: "Hatid <sign-in@hatid.test>",
      EMAIL_API_URL: url,
    }),
    note: (url) => `Email (Resend): sign-in links are not in the dev outbox; open them from ${url}/__fake/inbox`,
  },
  mapbox: {
    make: ({ local }) => mapboxFake(local ? { tokens: [LOCAL_MAPBOX], places: LOCAL_PLACES } : {}),
    port: 8795,
    appVars: (url) => ({ MAPBOX_GEOCODING_TOKEN: LOCAL_MAPBOX.token, MAPBOX_API_URL: url }),
    note: () =>
      `Mapbox geocoding: ${LOCAL_PLACES.length} addresses are known (e.g. "${LOCAL_PLACES[0].text.split(", ").slice(0, 2).join(", ")}" in Makati); any other address is priced between city centres`,
  },
  paymongo: {
    make: ({ local }) =>
      paymongoFake(
        local ? { merchants: { [LOCAL_PAYMONGO.secretKey]: { webhookSecret: LOCAL_PAYMONGO.webhookSecret } } } : {},
      ),
    port: 8793,
    appVars: (url) => ({
      PAYMONGO_SECRET_KEY: LOCAL_PAYMONGO.secretKey,
      PAYMONGO_WEBHOOK_SECRET: LOCAL_PAYMONGO.webhookSecret,
      PAYMONGO_API_URL: url,
    }),
    note: () =>
      "PayMongo: GCash, Maya and card bookings pay on the fake's checkout page (Pay or Fail), which sends the signed webhook",
  },
  xendit: {
    make: ({ local }) =>
      xenditFake(
        local
          ? {
              businesses: { [LOCAL_XENDIT.secretKey]: { callbackToken: LOCAL_XENDIT.callbackToken } },
              autoComplete: true,
            }
          : {},
      ),
    port: 8794,
    appVars: (url) => ({
      PAYOUT_SECRET_KEY: LOCAL_XENDIT.secretKey,
      PAYOUT_CALLBACK_TOKEN: LOCAL_XENDIT.callbackToken,
      PAYOUT_API_URL: url,
    }),
    note: (url) => `Xendit: GCash cash-outs succeed a moment later by callback; ${url}/__fake/ fails the next one`,
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
    Object.entries(FAKES).map(async ([name, entry]) => ({
      name,
      entry,
      fake: await serveFake(entry.make({ local }), { port: local ? entry.port : 0, callbackBase }),
    })),
  );
  return {
    urls: Object.fromEntries(served.map(({ name, fake }) => [name, fake.url])),
    appVars: Object.assign({}, ...served.map(({ entry, fake }) => entry.appVars(fake.url))),
    notes: served.flatMap(({ entry, fake }) => {
      if (!entry.note) return [];
      const note = entry.note(fake.url);
      return [note.includes(fake.url) ? note : `${note} (${fake.url})`];
    }),
    close: () => Promise.all(served.map(({ fake }) => fake.close())),
  };
}
