import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, signedIn, type ApiOptions } from "./helpers";

/**
 * Real refusals across the areas, each sent as an English and as a Filipino caller. Every
 * answer is `{ error, code, values }`; the English `error` is what the English catalog says for
 * `code` with those values, the Filipino one what the Filipino catalog says, and it holds no English
 * word (the statuses included: a Filipino rider reads "Papunta na", not "In Transit").
 */

/** Words of English that no Filipino message uses (checked below against every Filipino catalog). */
const ENGLISH_ONLY = [
  "the",
  "must",
  "is",
  "not",
  "please",
  "cannot",
  "already",
  "only",
  "your",
  "you",
  "required",
  "should",
  "was",
  "were",
  "has",
  "have",
  "this",
  "that",
  "with",
  "than",
  "more",
  "less",
  "before",
  "after",
  "choose",
  "try",
  "again",
  "later",
  "found",
  "invalid",
  "allowed",
  "are",
  "be",
  "can",
  "and",
  "for",
  "it",
  "too",
  "many",
  "wait",
  "refused",
  "there",
  "been",
  "which",
  "when",
  "will",
  "would",
  "by",
  "as",
  "its",
  "missing",
  "unauthorized",
  "forbidden",
];
/** The statuses' English labels, as the badges show them (Filipino uses some of these words in lower case, as loanwords). */
const ENGLISH_STATUSES = ["Assigned", "In Transit", "Picked Up", "Pending", "Delivered", "Cancelled"];

const wordPattern = (word: string, flags: string) => new RegExp(`(^|[^\\p{L}])${word}(?![\\p{L}])`, flags);
const ENGLISH_PATTERNS = [
  ...ENGLISH_ONLY.map((word) => wordPattern(word, "iu")),
  ...ENGLISH_STATUSES.map((word) => wordPattern(word, "u")),
];

/** The English words in a text (placeholders of a catalog message left out). */
const englishWordsIn = (text: string) => {
  const said = text.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, " ");
  return ENGLISH_PATTERNS.filter((pattern) => pattern.test(said)).map((pattern) => pattern.source);
};

type Language = "en" | "fil";
const say = (language: Language, code: string, values: Record<string, unknown>) =>
  translate(language, code as Parameters<typeof translate<"server">>[1], values);

type Caller = { cookie?: string };

/**
 * The same refused call from an English and a Filipino caller: the Filipino one sets the `lang`
 * cookie when signed in (beside the session), else `Accept-Language: fil`. A refusal changes
 * nothing, so sending it twice is harmless.
 */
async function refusedInBoth(label: string, path: string, options: ApiOptions, status: number) {
  const english = await api(path, { ...options, headers: { "Accept-Language": "en", ...options.headers } });
  const filipinoOptions: ApiOptions = options.cookie
    ? { ...options, cookie: `${options.cookie}; lang=fil` }
    : { ...options, headers: { ...options.headers, "Accept-Language": "fil" } };
  const filipino = await api(path, filipinoOptions);
  for (const [language, answer] of [
    ["en", english],
    ["fil", filipino],
  ] as const) {
    expect.soft(answer.status, `${label} (${language}): ${answer.text.slice(0, 300)}`).toBe(status);
    expect.soft(answer.json, `${label} (${language}): ${answer.text.slice(0, 300)}`).toMatchObject({
      error: expect.any(String),
      code: expect.any(String),
      values: expect.any(Object),
    });
  }
  const code = english.json?.code;
  if (typeof code === "string") {
    expect.soft(filipino.json.code, label).toBe(code);
    expect.soft(english.json.error, `${label}: the English catalog's text`).toBe(say("en", code, english.json.values));
    expect
      .soft(filipino.json.error, `${label}: the Filipino catalog's text`)
      .toBe(say("fil", code, filipino.json.values));
  }
  const englishSaid = String(english.json?.error ?? english.json?.message ?? english.text);
  const filipinoSaid = String(filipino.json?.error ?? filipino.json?.message ?? filipino.text);
  expect.soft(filipinoSaid, `${label}: a translation, not the English`).not.toBe(englishSaid);
  expect.soft(englishWordsIn(filipinoSaid), `${label}: "${filipinoSaid}"`).toEqual([]);
  return { english, filipino };
}

describe("the list of English-only words", () => {
  it("occurs in no Filipino message (else a Filipino answer could not be told from an English one)", () => {
    for (const [namespace, catalogs] of Object.entries(CATALOGS)) {
      for (const [id, text] of Object.entries(catalogs.fil as Record<string, string>)) {
        expect(englishWordsIn(text), `${namespace}.${id}: "${text}"`).toEqual([]);
      }
    }
  });
});

describe("30 real refusals, as an English and a Filipino caller", () => {
  it("http: 401, 403, 404, 405 (route and handler), 413, bad JSON, cross-origin, paging, Idempotency-Key", async () => {
    const customer = await signedIn("user");
    const c: Caller = { cookie: customer.cookie };
    await refusedInBoth("401", "/api/deliveries/my", {}, 401);
    await refusedInBoth("403", "/api/admin/stats", c, 403);
    await refusedInBoth("404", "/api/no-such-thing", c, 404);
    await refusedInBoth("405 (a route's loader)", "/api/auth/logout", c, 405);
    await refusedInBoth("405 (apiHandler)", "/api/auth/user/profile", { ...c, method: "PUT", body: {} }, 405);
    await refusedInBoth("413", "/api/deliveries", { ...c, body: { pad: "x".repeat(1100 * 1024) } }, 413);
    await refusedInBoth(
      "400 bad JSON",
      "/api/auth/user/profile",
      { ...c, method: "PATCH", rawBody: "{ not json" },
      400,
    );
    await refusedInBoth(
      "403 cross-origin",
      "/api/deliveries",
      { ...c, body: bookingBody(), origin: "https://evil.example" },
      403,
    );
    await refusedInBoth("400 cursor", "/api/deliveries/my?cursor=nonsense", c, 400);
    await refusedInBoth("400 limit", "/api/deliveries/my?limit=500", c, 400);
    await refusedInBoth(
      "400 Idempotency-Key",
      "/api/deliveries",
      { ...c, body: bookingBody(), headers: { "Idempotency-Key": "two words" } },
      400,
    );
  });

  it("auth and account settings: sign-in codes, the throttle's wait, role, profile, deletion", async () => {
    const phone = `0917${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const ip = { "CF-Connecting-IP": `10.28.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` };
    await refusedInBoth(
      "400 phone format",
      "/api/identity/sms/send",
      { body: { phoneNumber: "12345" }, headers: ip },
      400,
    );
    expect((await api("/api/identity/sms/send", { body: { phoneNumber: phone }, headers: ip })).status).toBe(200);
    const throttled = await refusedInBoth(
      "429 a code sent within the minute",
      "/api/identity/sms/send",
      { body: { phoneNumber: phone }, headers: ip },
      429,
    );
    expect(throttled.english.json.code).toBe("server.auth.codeJustSent");
    expect(throttled.english.json.values.seconds).toBeGreaterThan(0);
    await refusedInBoth(
      "400 invalid code",
      "/api/identity/sms/verify",
      { body: { verificationId: "nope", code: "123456" } },
      400,
    );

    const customer = await signedIn("user");
    const c: Caller = { cookie: customer.cookie };
    await refusedInBoth("400 role", "/api/auth/user/role", { ...c, method: "PATCH", body: { role: "superuser" } }, 400);
    await refusedInBoth(
      "403 apply first",
      "/api/auth/user/role",
      { ...c, method: "PATCH", body: { role: "rider" } },
      403,
    );
    await refusedInBoth(
      "400 first name",
      "/api/auth/user/profile",
      { ...c, method: "PATCH", body: { firstName: "", lastName: "Cruz" } },
      400,
    );
    const other = await signedIn("user", { email: `taken-i28-${Date.now()}@example.ph` });
    await refusedInBoth(
      "409 email taken",
      "/api/auth/user/profile",
      { ...c, method: "PATCH", body: { firstName: "Ana", lastName: "Cruz", email: other.user.email } },
      409,
    );
    await insertDelivery({ customerId: customer.user.id });
    await refusedInBoth(
      "409 deliveries in progress",
      "/api/auth/user/account",
      { ...c, method: "DELETE", body: { confirm: true } },
      409,
    );
  });

  it("booking and pricing: required field, city, free text, promo code, distance", async () => {
    const customer = await signedIn("user");
    const book = (overrides: Record<string, unknown>) => ({ cookie: customer.cookie, body: bookingBody(overrides) });
    await refusedInBoth("booking: pickup address", "/api/deliveries", book({ pickupAddress: "" }), 400);
    await refusedInBoth("booking: city", "/api/deliveries", book({ dropoffCity: "Atlantis" }), 400);
    await refusedInBoth("booking: free text", "/api/deliveries", book({ pickupAddress: "12 Jupiter St \u202E" }), 400);
    await refusedInBoth("booking: promo code", "/api/deliveries", book({ promoCode: "NOSUCHCODE" }), 400);
    await refusedInBoth(
      "pricing: distance",
      "/api/pricing/calculate",
      { cookie: customer.cookie, body: { distance: -1, packageSize: "small" } },
      400,
    );
  });

  it("deliveries and ratings: taken, a status change naming both statuses, offline, rating too early", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const other = await signedIn("rider");
    const taken = await insertDelivery({
      customerId: customer.user.id,
      status: "assigned",
      riderId: other.user.id,
      assignedAt: new Date(),
    });
    await refusedInBoth(
      "409 taken",
      `/api/deliveries/${taken.id}/accept`,
      { cookie: rider.cookie, method: "POST" },
      409,
    );
    const change = await refusedInBoth(
      "409 status change",
      `/api/deliveries/${taken.id}/status`,
      { cookie: other.cookie, body: { status: "in_transit" } },
      409,
    );
    // Both statuses named, as the badges name them in each language.
    expect.soft(String(change.english.json?.error)).toContain("Assigned");
    expect.soft(String(change.english.json?.error)).toContain("In Transit");
    const pending = await insertDelivery({ customerId: customer.user.id });
    const offline = await signedIn("rider", { riderOnline: false });
    await refusedInBoth(
      "409 offline",
      `/api/deliveries/${pending.id}/accept`,
      { cookie: offline.cookie, method: "POST" },
      409,
    );
    await refusedInBoth(
      "409 rating too early",
      `/api/deliveries/${pending.id}/rating`,
      { cookie: customer.cookie, body: { stars: 5 } },
      409,
    );
  });

  it("money: cash-out over the balance, a wrong method; admin: cash-outs, adjustments, riders, settings", async () => {
    const rider = await signedIn("rider");
    const over = await refusedInBoth(
      "409 cash-out over balance",
      "/api/rider/cashouts",
      {
        cookie: rider.cookie,
        body: { amount: 100, method: "gcash", account: "09171234567", accountName: "Rico Dela Cruz" },
      },
      409,
    );
    expect.soft(String(over.english.json?.error)).toContain("₱0.00");
    await refusedInBoth(
      "400 cash-out method",
      "/api/rider/cashouts",
      { cookie: rider.cookie, body: { amount: 100, method: "paypal", account: "x" } },
      400,
    );

    const admin = await signedIn("admin");
    const a: Caller = { cookie: admin.cookie };
    const approved = await signedIn("rider", { riderApprovedAt: new Date() });
    await refusedInBoth(
      "404 cash-out",
      "/api/admin/cashouts/co_missing",
      { ...a, body: { status: "paid", reference: "GC-1" } },
      404,
    );
    await refusedInBoth(
      "400 adjustment of 0",
      `/api/admin/riders/${approved.user.id}/adjustments`,
      { ...a, body: { amount: 0, note: "test" } },
      400,
    );
    await refusedInBoth("400 cash-out filter", "/api/admin/cashouts?status=lost", a, 400);
    await refusedInBoth(
      "409 not suspended",
      `/api/admin/riders/${approved.user.id}/reactivate`,
      { ...a, method: "POST" },
      409,
    );
    await refusedInBoth("400 settings", "/api/admin/settings", { ...a, method: "PUT", body: {} }, 400);
  });

  it("ID discount and business partners", async () => {
    const customer = await signedIn("user");
    await refusedInBoth(
      "400 ID discount not multipart",
      "/api/discounts/id",
      { cookie: customer.cookie, body: { kind: "senior" } },
      400,
    );
    const admin = await signedIn("admin");
    await refusedInBoth(
      "404 partner",
      "/api/admin/partners/no-such-partner/members",
      { cookie: admin.cookie, body: { phoneNumber: "09171234567" } },
      404,
    );
  });
});
