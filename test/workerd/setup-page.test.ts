import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { possibleStates } from "~/providers/services.server";
import { appWith } from "../contracts/app";
import { signedIn } from "./helpers";

/**
 * /admin/setup (decision 0205): each outside service and secret, live, in test mode, a local
 * stand-in, off or missing, in words an admin understands; when its provider last answered; what
 * waits on it. The dashboard points to it while a needed service is missing.
 */

/** The page's markup without its scripts (which carry the page's whole message catalog). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

/** Production as a co-op that set nothing deploys it: every provider key and the ballot secret empty. */
const BARE_PRODUCTION: Partial<Env> = {
  ENVIRONMENT: "production",
  SEMAPHORE_API_KEY: "",
  EMAIL_API_KEY: "",
  EMAIL_FROM: "",
  PAYMONGO_SECRET_KEY: "",
  PAYMONGO_WEBHOOK_SECRET: "",
  PAYOUT_SECRET_KEY: "",
  PAYOUT_CALLBACK_TOKEN: "",
  MAPBOX_TOKEN: "",
  MAPBOX_GEOCODING_TOKEN: "",
  TURNSTILE_SITE_KEY: "",
  TURNSTILE_SECRET_KEY: "",
  VAPID_PUBLIC_KEY: "",
  VAPID_PRIVATE_KEY: "",
  BALLOT_SECRET: "",
};

/** One service's card: its heading text and its state. */
function card(html: string, service: string) {
  const match = html.match(
    new RegExp(
      `<li[^>]*data-service="${service}" data-state="([a-z]+)"[^>]*>([\\s\\S]*?)</li>\\s*(?=<li[^>]*data-service|</ul>\\s*<p class="muted">)`,
    ),
  );
  if (!match) throw new Error(`no card for ${service}`);
  return {
    state: match[1],
    text: match[2]!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .replace(/&#x27;|&#39;/g, "'"),
  };
}

describe("/admin/setup", () => {
  it("is for admins only: a customer and a rider get the notice (403), a visitor the landing page", async () => {
    const app = appWith({});
    expect((await app.api("/admin/setup")).text).not.toContain('data-service="sms"');
    for (const role of ["user", "rider"] as const) {
      const page = await app.api("/admin/setup", { cookie: (await signedIn(role)).cookie });
      expect(page.status).toBe(403);
      expect(page.text).not.toContain('data-service="sms"');
    }
    const admin = await app.api("/admin/setup", { cookie: (await signedIn("admin")).cookie });
    expect(admin.status).toBe(200);
  });

  it("in development and tests: SMS, email, payments and payouts are the local stand-ins, the optional services off or on as set", async () => {
    const page = shown((await appWith({}).api("/admin/setup", { cookie: (await signedIn("admin")).cookie })).text);
    expect(card(page, "sms")).toMatchObject({ state: "local" });
    expect(card(page, "sms").text).toContain("Texts go to the development outbox (/api/dev/outbox); nothing is sent.");
    expect(card(page, "payments").text).toContain("Payments go to the sandbox checkout (/dev/pay); no money moves.");
    expect(card(page, "payouts").state).toBe("local");
    expect(card(page, "ballots").state).toBe("live");
    expect(card(page, "push").state).toBe("live");
    expect(card(page, "geocoding")).toMatchObject({ state: "off" });
    expect(card(page, "geocoding").text).toContain("Distances come from city centres and are shown as approximate.");
    // Only services that work can wait on say that nothing does.
    expect(card(page, "sms").text).toContain("Nothing is waiting on it.");
    expect(card(page, "geocoding").text).not.toContain("Nothing is waiting on it.");
    expect(page).toContain("Every service this deployment needs is set up.");
  });

  it("in production with nothing set: each needed service is missing, says what people meet and which secrets to set; the dashboard points there", async () => {
    const app = appWith(BARE_PRODUCTION);
    const admin = await signedIn("admin");
    const page = shown((await app.api("/admin/setup", { cookie: admin.cookie })).text);
    expect(card(page, "sms")).toMatchObject({ state: "missing" });
    expect(card(page, "sms").text).toContain(
      "Nobody can sign in by mobile number and no text is sent: each is refused until this is set.",
    );
    expect(card(page, "sms").text).toContain("Not set: SEMAPHORE_API_KEY");
    expect(card(page, "email").text).toContain("Not set: EMAIL_API_KEY, EMAIL_FROM");
    expect(card(page, "payments").text).toContain(
      "Customers can pay only in cash or by invoice: GCash, Maya and card are refused until this is set.",
    );
    expect(card(page, "payouts").text).toContain("Not set: PAYOUT_SECRET_KEY, PAYOUT_CALLBACK_TOKEN");
    expect(card(page, "ballots").text).toContain("Member-owners cannot vote: ballots are refused until this is set.");
    expect(card(page, "captcha").state).toBe("off");
    expect(page).toContain("5 services need attention");

    const dashboard = shown((await app.api("/admin", { cookie: admin.cookie })).text);
    expect(dashboard).toContain("5 outside services are not set up: people meet refusals until they are.");
    expect(dashboard).toContain('href="/admin/setup"');
  });

  it("half a provider's keys is missing, not off; PayMongo's test key is Test mode; the dashboard stays quiet once all is set", async () => {
    const configured: Partial<Env> = {
      ENVIRONMENT: "production",
      SEMAPHORE_API_KEY: "semaphore-key",
      EMAIL_API_KEY: "re_key",
      EMAIL_FROM: "Hatid <hello@hatid.example>",
      PAYMONGO_SECRET_KEY: "sk_test_abc",
      PAYMONGO_WEBHOOK_SECRET: "whsk_abc",
      PAYOUT_SECRET_KEY: "xnd_production_abc",
      PAYOUT_CALLBACK_TOKEN: "token",
    };
    const halfCaptcha = appWith({ ...configured, TURNSTILE_SITE_KEY: "0x4AAA", TURNSTILE_SECRET_KEY: "" });
    const admin = await signedIn("admin");
    const page = shown((await halfCaptcha.api("/admin/setup", { cookie: admin.cookie })).text);
    expect(card(page, "payments").state).toBe("test");
    expect(card(page, "payments").text).toContain(
      "PayMongo's test mode: bookings can be paid, but no real money moves.",
    );
    expect(card(page, "payouts").state).toBe("live");
    expect(card(page, "captcha").state).toBe("missing");
    expect(card(page, "captcha").text).toContain("Not set: TURNSTILE_SECRET_KEY");
    expect(shown((await halfCaptcha.api("/admin", { cookie: admin.cookie })).text)).toContain(
      "1 outside service is not set up: people meet refusals until it is.",
    );
    const whole = appWith({ ...configured, TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "" });
    expect(shown((await whole.api("/admin", { cookie: admin.cookie })).text)).not.toContain("not set up");
    expect(shown((await whole.api("/admin/setup", { cookie: admin.cookie })).text)).toContain(
      "Every service this deployment needs is set up.",
    );
  });

  it("shows when a provider last answered and its last failure, and what waits on it", async () => {
    const at = Date.UTC(2026, 10, 29, 1, 2);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR REPLACE INTO provider_health (provider, last_answer_at, last_success_at, last_failure_at, last_failure) VALUES ('semaphore', ?1, ?2, ?1, 'HTTP 401')",
      ).bind(at, at - 60_000),
      env.DB.prepare(
        "INSERT INTO messages (id, channel, recipient, subject, body, purpose, ref, status, attempts, retryable, created_at, updated_at) VALUES (?1, 'sms', '+639170000999', NULL, 'x', 'recipient_link', NULL, 'failed', 4, 1, ?2, ?2)",
      ).bind(crypto.randomUUID(), at),
    ]);
    const page = shown(
      (
        await appWith({ ENVIRONMENT: "production", SEMAPHORE_API_KEY: "k" }).api("/admin/setup", {
          cookie: (await signedIn("admin")).cookie,
        })
      ).text,
    );
    const sms = card(page, "sms").text;
    expect(sms).toContain("Last answered Nov 29, 2026, 9:02 AM.");
    expect(sms).toContain("Last failure Nov 29, 2026, 9:02 AM: HTTP 401");
    expect(sms).toMatch(/\d+ messages? not sent, the oldest since/);
  });

  it("reads in Filipino for an admin who chose it", async () => {
    const page = shown(
      (
        await appWith(BARE_PRODUCTION).api("/admin/setup", {
          cookie: (await signedIn("admin", { language: "fil" })).cookie,
        })
      ).text,
    );
    expect(card(page, "payouts").state).toBe("missing");
    expect(card(page, "payouts").text).toContain("Tinatanggihan ang cash-out sa GCash hangga't hindi ito naka-set");
    expect(card(page, "payouts").text).toContain("Kulang");
  });

  it("has a meaning in both languages for every state each service can be in", () => {
    for (const [service, state] of possibleStates()) {
      for (const language of ["en", "fil"] as const) {
        expect(CATALOGS.adminSetup[language], `${language} ${service}.${state}`).toHaveProperty([
          `meaning.${service}.${state}`,
        ]);
      }
    }
  });
});
