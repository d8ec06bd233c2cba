/// <reference types="@remix-run/cloudflare" />
/// <reference types="@remix-run/dev" />
import type { DeliveryRoom } from "./workers/delivery-room";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      DELIVERY_ROOM: DurableObjectNamespace<DeliveryRoom>;
      /** "development" enables the dev outbox; anything else is treated as production. */
      ENVIRONMENT: string;
      /** "off" runs every query on the D1 binding itself instead of a Sessions API session (benchmarks compare both). */
      D1_READ_SESSIONS?: string;
      /** Signs identity tokens; generated into .dev.vars locally, `wrangler secret put` in production. */
      SESSION_SECRET: string;
      /** Keys the secret ballots (decision 0190); generated into .dev.vars locally, `wrangler secret put` in production. Unset: voting answers 503. */
      BALLOT_SECRET?: string;
      /** Mapbox public token for the tracking map; without it the page draws its schematic map. */
      MAPBOX_TOKEN?: string;
      /** Mapbox style URL for the tracking map, or "offline" for a style without remote tiles. */
      MAPBOX_STYLE?: string;
      /** SMS gateway (production): Semaphore. */
      SEMAPHORE_API_KEY?: string;
      /** The sender name texts come from, approved in Semaphore's dashboard (at most 11 letters and digits); unset: "SEMAPHORE". */
      SEMAPHORE_SENDER_NAME?: string;
      /** Semaphore's origin (default https://api.semaphore.co); `npm run start:providers` points it at the contract fake. */
      SEMAPHORE_API_URL?: string;
      /** Email API (production): Resend. EMAIL_FROM is "Name <address>" on a domain verified in Resend. */
      EMAIL_API_KEY?: string;
      EMAIL_FROM?: string;
      /** Resend's origin (default https://api.resend.com; an older value ending in /emails still works); `npm run start:providers` points it at the contract fake. */
      EMAIL_API_URL?: string;
      /** Cloudflare Turnstile (invisible); skipped when not set. */
      TURNSTILE_SITE_KEY?: string;
      TURNSTILE_SECRET_KEY?: string;
      /** Turnstile's origin (default https://challenges.cloudflare.com): its widget script and siteverify; `npm run start:providers` points it at the contract fake. */
      TURNSTILE_API_URL?: string;
      /** Optional seam: verify identity tokens of a third-party provider against its JWKS. */
      IDENTITY_JWKS_URL?: string;
      IDENTITY_ISSUER?: string;
      /** Server-side Mapbox token for address geocoding (a secret); falls back to MAPBOX_TOKEN. Unset: city centres. */
      MAPBOX_GEOCODING_TOKEN?: string;
      /** Mapbox's API origin for geocoding (default https://api.mapbox.com); `npm run start:providers` points it at the contract fake. */
      MAPBOX_API_URL?: string;
      /** Private bucket for ID-discount photos (R2). */
      ID_DOCUMENTS: R2Bucket;
      /** PayMongo secret key (sk_test_... or sk_live_...); with the webhook's secret, PayMongo runs wherever they are set; unset: the sandbox gateway in development, none in production. */
      PAYMONGO_SECRET_KEY?: string;
      /** The webhook's secret (whsk_...), from PayMongo's webhook creation; signs `Paymongo-Signature`. */
      PAYMONGO_WEBHOOK_SECRET?: string;
      /** PayMongo's API origin (default https://api.paymongo.com); `npm run start:providers` points it at the contract fake. */
      PAYMONGO_API_URL?: string;
      /** GCash cash-out through Xendit's Payouts v2 (decisions 0184, 0207): the secret key (xnd_production_... or xnd_development_..., Money-out write permission). Unset: the sandbox in development, GCash cash-out refused (503) in production. */
      PAYOUT_SECRET_KEY?: string;
      /** The Verification Token of Xendit's dashboard (Webhook settings): every payout callback carries it in `x-callback-token`; without it the callbacks are refused. Also the payout sandbox's token locally (derived from SESSION_SECRET when unset). */
      PAYOUT_CALLBACK_TOKEN?: string;
      /** Xendit's API origin (default https://api.xendit.co); `npm run start:providers` points it at the contract fake. */
      PAYOUT_API_URL?: string;
      /** Web Push (RFC 8292 VAPID): the P-256 key pair, public as the raw point and private as `d`, both base64url; generated into .dev.vars by `npm start`, `wrangler secret put` in production. Unset: no push. */
      VAPID_PUBLIC_KEY?: string;
      VAPID_PRIVATE_KEY?: string;
      /** The contact push services may use (`mailto:` or https); defaults to the support mailbox. */
      VAPID_SUBJECT?: string;
      /** "1" makes the sandbox gateway's refunds fail (tests, and trying the refunds queue locally); never read in production. */
      SANDBOX_REFUNDS_FAIL?: string;
      /** Development and tests only (ignored in production): "1" makes every SMS and email fail, to see how failures are shown and retried. */
      MESSAGING_FAIL?: string;
      /** Tests and development only (ignored in production): an ISO instant that decides peak hours instead of the clock (app/pricing/peak-clock.server.ts). */
      PEAK_HOURS_CLOCK?: string;
      /** Only inside the vitest pool: the SQL migrations, applied by test/workerd/setup.ts. */
      TEST_MIGRATIONS?: { name: string; queries: string[] }[];
    }
  }
  interface Env extends Cloudflare.Env {}
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    cspNonce: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
