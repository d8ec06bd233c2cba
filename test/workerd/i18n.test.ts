import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { CATALOGS } from "~/i18n/catalogs";
import { chooseLanguage, languageFromAcceptLanguage } from "~/i18n/languages";
import { api, createUser, db, ORIGIN, signedIn } from "./helpers";

const placeholders = (message: string) => [...message.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();

let phoneSeq = 0;
const freshLocalPhone = () =>
  `0916${String(Date.now() % 10000).padStart(4, "0")}${String(phoneSeq++ % 1000).padStart(3, "0")}`;
const clientHeaders = () => ({ "CF-Connecting-IP": `10.77.${phoneSeq % 250}.${Math.floor(Math.random() * 250)}` });

async function latestSms(international: string) {
  return env.DB.prepare("SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY sent_at DESC LIMIT 1")
    .bind(international)
    .first<{ body: string }>();
}

const htmlLang = async (headers: Record<string, string>) => {
  const response = await SELF.fetch(`${ORIGIN}/help`, { headers });
  return /<html lang="([^"]+)"/.exec(await response.text())?.[1];
};

describe("message catalogs", () => {
  it("have the same keys and the same placeholders in English and Filipino, and no empty message", () => {
    for (const [namespace, { en, fil }] of Object.entries(CATALOGS)) {
      expect(Object.keys(fil).sort(), namespace).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en as Record<string, string>)) {
        const filipino = (fil as Record<string, string>)[key]!;
        expect(placeholders(filipino), `${namespace}.${key}`).toEqual(placeholders(english));
        expect(filipino.trim(), `${namespace}.${key}`).not.toBe("");
      }
    }
  });
});

describe("the order of choice: setting, cookie, Accept-Language, English", () => {
  it("reads Accept-Language by its q-values; fil and tl mean Filipino", () => {
    expect(languageFromAcceptLanguage("fil-PH,fil;q=0.9,en;q=0.8")).toBe("fil");
    expect(languageFromAcceptLanguage("tl")).toBe("fil");
    expect(languageFromAcceptLanguage("en-US,en;q=0.9,tl;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("en;q=0.5, tl;q=0.9")).toBe("fil");
    expect(languageFromAcceptLanguage("ja, fil;q=0")).toBeNull();
    expect(languageFromAcceptLanguage("")).toBeNull();
    expect(chooseLanguage({ setting: "fil", cookie: "lang=en", acceptLanguage: "en" })).toBe("fil");
    expect(chooseLanguage({ setting: null, cookie: "a=1; lang=fil", acceptLanguage: "en" })).toBe("fil");
    expect(chooseLanguage({ setting: null, cookie: "lang=xx", acceptLanguage: "tl" })).toBe("fil");
    expect(chooseLanguage({})).toBe("en");
  });

  it("renders <html lang> from the header, then the cookie over it, then the account's setting over both", async () => {
    expect(await htmlLang({})).toBe("en");
    expect(await htmlLang({ "Accept-Language": "fil-PH,fil;q=0.9" })).toBe("fil");
    expect(await htmlLang({ "Accept-Language": "fil-PH", Cookie: "lang=en" })).toBe("en");
    expect(await htmlLang({ "Accept-Language": "en", Cookie: "lang=fil" })).toBe("fil");
    const { cookie } = await signedIn("user", { language: "fil" });
    expect(await htmlLang({ "Accept-Language": "en", Cookie: `lang=en; ${cookie}` })).toBe("fil");
    const { cookie: noSetting } = await signedIn("user");
    expect(await htmlLang({ Cookie: `lang=fil; ${noSetting}` })).toBe("fil");
  });

  it("shows the public footer in the chosen language", async () => {
    const response = await SELF.fetch(`${ORIGIN}/help`, { headers: { Cookie: "lang=fil" } });
    const html = await response.text();
    expect(html).toContain(CATALOGS.common.fil["footer.becomeRider"]);
    expect(html).not.toContain(`>${CATALOGS.common.en["footer.becomeRider"]}<`);
  });
});

describe("the language switch (POST /language)", () => {
  it("sets the cookie and goes back to the page; for a signed-in person it is also their setting", async () => {
    const { user, cookie } = await signedIn("user");
    const response = await SELF.fetch(`${ORIGIN}/language`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "fil", returnTo: "/help?tab=payments" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/help?tab=payments");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=fil; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    const [stored] = await db().select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(stored!.language).toBe("fil");
    const me = await api("/api/auth/user", { cookie });
    expect(me.json.language).toBe("fil");
  });

  it("refuses an unknown language, changing nothing, and never returns to another site", async () => {
    const bad = await SELF.fetch(`${ORIGIN}/language`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "de" }),
      redirect: "manual",
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Set-Cookie")).toBeNull();
    // In the reader's language, as every refusal.
    expect(await bad.json()).toMatchObject({
      code: "server.auth.languageInvalid",
      error: "Choose a language: English or Filipino.",
    });
    const inFilipino = await SELF.fetch(`${ORIGIN}/language`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: "lang=fil", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "de" }),
      redirect: "manual",
    });
    expect(inFilipino.status).toBe(400);
    expect(((await inFilipino.json()) as { error: string }).error).toBe("Pumili ng wika: English o Filipino.");
    for (const returnTo of [
      "//evil.example/",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/.//evil.example",
    ]) {
      const response = await SELF.fetch(`${ORIGIN}/language`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ lang: "en", returnTo }),
        redirect: "manual",
      });
      expect(response.headers.get("Location"), returnTo).toBe("/");
    }
  });

  it("is also the Language field of Personal Information (PATCH /api/auth/user/profile), checked", async () => {
    const { user, cookie } = await signedIn("user");
    const profile = { firstName: "Maria", lastName: "Clara", email: "" };
    const bad = await api("/api/auth/user/profile", { method: "PATCH", cookie, body: { ...profile, language: "es" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: "server.auth.languageInvalid",
      field: "language",
      error: "Choose a language: English or Filipino.",
    });
    const ok = await api("/api/auth/user/profile", { method: "PATCH", cookie, body: { ...profile, language: "fil" } });
    expect(ok.status).toBe(200);
    expect(ok.json.language).toBe("fil");
    // Saving the profile without the field keeps the choice.
    await api("/api/auth/user/profile", { method: "PATCH", cookie, body: profile });
    const [stored] = await db().select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(stored!.language).toBe("fil");
  });
});

describe("texts go out in the recipient's language", () => {
  it("sends the SMS code in English by default and in Filipino to a Filipino browser", async () => {
    const english = freshLocalPhone();
    expect(
      (await api("/api/identity/sms/send", { body: { phoneNumber: english }, headers: clientHeaders() })).status,
    ).toBe(200);
    expect((await latestSms(`+63${english.slice(1)}`))!.body).toMatch(
      /^\d{6} is your Hatid sign-in code\. It expires in 5 minutes\./,
    );

    const filipino = freshLocalPhone();
    const sent = await api("/api/identity/sms/send", {
      body: { phoneNumber: filipino },
      headers: { ...clientHeaders(), "Accept-Language": "fil-PH" },
    });
    expect(sent.status).toBe(200);
    expect((await latestSms(`+63${filipino.slice(1)}`))!.body).toMatch(
      /^\d{6} ang iyong Hatid sign-in code\. Mag-e-expire ito sa loob ng 5 minuto\./,
    );
  });

  it("follows the account's own setting over the browser asking for the code", async () => {
    const user = await createUser("user", { language: "fil" });
    const local = `0${user.phoneNumber!.slice(3)}`;
    const sent = await api("/api/identity/sms/send", {
      body: { phoneNumber: local },
      headers: { ...clientHeaders(), "Accept-Language": "en" },
    });
    expect(sent.status).toBe(200);
    expect((await latestSms(user.phoneNumber!))!.body).toContain("ang iyong Hatid sign-in code");
  });
});

describe("server messages follow the caller's language", () => {
  it("answers an API refusal in Filipino to a Filipino caller, and in English otherwise", async () => {
    const english = await api("/api/deliveries/my");
    expect(english).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    const filipino = await api("/api/deliveries/my", { headers: { Cookie: "lang=fil" } });
    expect(filipino).toMatchObject({
      status: 401,
      json: { message: CATALOGS.server.fil["http.unauthorized"], code: "server.http.unauthorized" },
    });
    const { cookie } = await signedIn("user", { language: "fil" });
    const invalid = await api("/api/auth/user/profile", {
      method: "PATCH",
      cookie,
      body: { firstName: "", lastName: "Clara" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({
      code: "server.auth.firstNameRequired",
      field: "firstName",
      message: CATALOGS.server.fil["auth.firstNameRequired"],
    });
    expect(invalid.json.errors.firstName).toContain(CATALOGS.server.fil["auth.firstNameRequired"]);
  });
});
