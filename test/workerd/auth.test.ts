import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  confirmSmsCode,
  issueIdentityToken,
  SMS_CODE_TTL_MS,
  startEmailVerification,
  startSmsVerification,
  THROTTLE,
  confirmEmailLink,
  EMAIL_LINK_TTL_MS,
} from "~/auth/identity.server";
import { deliveries, sessions, users, verifications } from "~/db/schema";
import { loader as outboxLoader } from "~/routes/api.dev.outbox";
import { insertDelivery } from "./delivery-fixtures";
import { translate } from "~/i18n/i18n.server";
import { api, createUser, db, ORIGIN, signedIn } from "./helpers";

/** A refusal as an English caller gets it: `{ error, code, values }` (and `message`, the same text). */
const refusal = (id: Parameters<typeof translate<"server">>[1], values: Record<string, unknown> = {}) => {
  const error = translate("en", id, values);
  return { message: error, error, code: id, values };
};

let phoneSeq = 100;
const freshPhone = () =>
  `0918${String(Date.now() % 10000).padStart(4, "0")}${String(phoneSeq++ % 1000).padStart(3, "0")}`;
const normalised = (local: string) => `+63${local.slice(1)}`;
/** Each test gets its own client address so the per-address quota never leaks between tests. */
const clientHeaders = () => ({
  "CF-Connecting-IP": `10.${phoneSeq % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
});

async function latestOutbox(recipient: string) {
  return env.DB.prepare("SELECT body, code, link FROM dev_outbox WHERE recipient = ? ORDER BY sent_at DESC LIMIT 1")
    .bind(recipient)
    .first<{ body: string; code: string | null; link: string | null }>();
}

async function sendCode(localPhone: string, headers = clientHeaders()) {
  const sent = await api("/api/identity/sms/send", { body: { phoneNumber: localPhone }, headers });
  expect(sent.status, sent.text).toBe(200);
  const message = await latestOutbox(normalised(localPhone));
  return { verificationId: sent.json.verificationId as string, code: message!.code! };
}

async function idTokenFor(localPhone: string) {
  const { verificationId, code } = await sendCode(localPhone);
  const verified = await api("/api/identity/sms/verify", { body: { verificationId, code } });
  expect(verified.status, verified.text).toBe(200);
  return verified.json.idToken as string;
}

const sessionCookieFrom = (headers: Headers) =>
  /hatid_session=([^;]+)/.exec(headers.get("Set-Cookie") ?? "")?.[0] ?? null;

describe("SMS code", () => {
  it("sends a 6-digit code to the normalised number and stores only its hash", async () => {
    const phone = freshPhone();
    const { verificationId, code } = await sendCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const message = await latestOutbox(normalised(phone));
    expect(message!.body).toContain(code);
    expect(message!.body).toContain("Hatid");
    const [row] = await db().select().from(verifications).where(eq(verifications.id, verificationId));
    expect(row!.target).toBe(normalised(phone));
    expect(row!.secretHash).not.toContain(code);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(SMS_CODE_TTL_MS);
  });

  it("accepts +639 numbers and refuses anything that is not a Philippine mobile, with the login page's codes", async () => {
    const plus = `+63${freshPhone().slice(1)}`;
    const ok = await api("/api/identity/sms/send", { body: { phoneNumber: plus }, headers: clientHeaders() });
    expect(ok.status).toBe(200);

    for (const [phoneNumber, code] of [
      ["", "server.auth.phoneMissing"],
      [undefined, "server.auth.phoneMissing"],
      ["12345", "server.auth.phoneInvalidFormat"],
      ["08171234567", "server.auth.phoneInvalidFormat"],
      ["+14155550123", "server.auth.phoneInvalidFormat"],
      [12345678901, "server.auth.phoneMissing"],
    ] as const) {
      const response = await api("/api/identity/sms/send", { body: { phoneNumber }, headers: clientHeaders() });
      expect(response.status, String(phoneNumber)).toBe(400);
      expect(response.json.code, String(phoneNumber)).toBe(code);
    }
  });

  it("refuses a resend to the same number within 60 s, saying so and the seconds left (no attempt was made)", async () => {
    const t0 = Date.UTC(2026, 0, 4, 1, 0);
    const target = normalised(freshPhone());
    await startSmsVerification(env.DB, { phoneNumber: target, clientAddress: null, secret: "s", now: t0 });
    await expect(
      startSmsVerification(env.DB, { phoneNumber: target, clientAddress: null, secret: "s", now: t0 + 18_000 }),
    ).rejects.toMatchObject({
      id: "server.auth.codeJustSent",
      status: 429,
      values: { seconds: 42 },
    });
    await expect(
      startSmsVerification(env.DB, { phoneNumber: target, clientAddress: null, secret: "s", now: t0 + 59_500 }),
    ).rejects.toMatchObject({
      values: { seconds: 1 },
    });
    await startSmsVerification(env.DB, { phoneNumber: target, clientAddress: null, secret: "s", now: t0 + 60_001 });

    // Through the API, in the caller's language: not the "Too many attempts" of wrong codes.
    const phone = freshPhone();
    await sendCode(phone);
    const again = await api("/api/identity/sms/send", { body: { phoneNumber: phone }, headers: clientHeaders() });
    expect(again.status).toBe(429);
    expect(again.json.code).toBe("server.auth.codeJustSent");
    expect(again.json.error).toMatch(
      /^A code was sent to this number less than a minute ago\. You can ask for a new code in (60|[1-5]?[0-9]) seconds?\.$/,
    );
    const filipino = await api("/api/identity/sms/send", {
      body: { phoneNumber: phone },
      headers: { ...clientHeaders(), "Accept-Language": "fil" },
    });
    expect(filipino.json.error).toMatch(
      /^May code na naipadala sa number na ito wala pang isang minuto ang nakalipas\. Puwede kang humingi ng bagong code pagkalipas ng \d+ segundo\.$/,
    );

    // The same for a sign-in link.
    const email = `again-${Date.now()}@example.ph`;
    await startEmailVerification(env.DB, { email, clientAddress: null, now: t0 });
    await expect(
      startEmailVerification(env.DB, { email, clientAddress: null, now: t0 + 30_000 }),
    ).rejects.toMatchObject({
      id: "server.auth.linkJustSent",
      values: { seconds: 30 },
    });
  });

  it("allows 5 sends per number per hour and 60 per client address per hour", async () => {
    const t0 = Date.UTC(2026, 0, 5, 1, 0);
    const target = normalised(freshPhone());
    for (let i = 0; i < THROTTLE.perTargetPerHour; i++) {
      await startSmsVerification(env.DB, {
        phoneNumber: target,
        clientAddress: null,
        secret: "s",
        now: t0 + i * 61_000,
      });
    }
    await expect(
      startSmsVerification(env.DB, { phoneNumber: target, clientAddress: null, secret: "s", now: t0 + 5 * 61_000 }),
    ).rejects.toMatchObject({ id: "server.auth.smsQuotaExceeded", status: 429, values: { minutes: 55 } });
    // An hour after the first, the quota frees up again.
    await startSmsVerification(env.DB, {
      phoneNumber: target,
      clientAddress: null,
      secret: "s",
      now: t0 + 61 * 60_000,
    });

    const address = "203.0.113.77";
    for (let i = 0; i < THROTTLE.perClientPerHour; i++) {
      await startSmsVerification(env.DB, {
        phoneNumber: `+6391${String(i).padStart(8, "0")}`,
        clientAddress: address,
        secret: "s",
        now: t0 + i,
      });
    }
    await expect(
      startSmsVerification(env.DB, {
        phoneNumber: "+639199999998",
        clientAddress: address,
        secret: "s",
        now: t0 + 100,
      }),
    ).rejects.toMatchObject({ id: "server.auth.smsQuotaExceeded", values: { minutes: 60 } });
  });

  it("kills a code after 5 wrong tries: the right code is refused afterwards", async () => {
    const { verificationId, code } = await sendCode(freshPhone());
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const attempt = await api("/api/identity/sms/verify", { body: { verificationId, code: wrong } });
      expect(attempt.status).toBe(400);
      expect(attempt.json.code).toBe("server.auth.invalidCode");
      expect(attempt.json.message).toBe("Invalid OTP code. Please check and try again");
    }
    const right = await api("/api/identity/sms/verify", { body: { verificationId, code } });
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ code: "server.auth.tooManyAttempts", values: { minutes: 1 } });
    expect(right.json.idToken).toBeUndefined();
  });

  it("refuses an expired code (5 minutes, by the injected clock)", async () => {
    const t0 = Date.UTC(2026, 0, 6, 2, 0);
    const { verificationId, code } = await startSmsVerification(env.DB, {
      phoneNumber: normalised(freshPhone()),
      clientAddress: null,
      secret: env.SESSION_SECRET,
      now: t0,
    });
    await expect(
      confirmSmsCode(db(), { verificationId, code, secret: env.SESSION_SECRET, now: t0 + SMS_CODE_TTL_MS }),
    ).rejects.toMatchObject({ id: "server.auth.codeExpired", status: 400 });
    // Through the API too: the row's expiry is in the past.
    const response = await api("/api/identity/sms/verify", { body: { verificationId, code } });
    expect(response.json).toEqual(refusal("server.auth.codeExpired"));
    expect(response.json.error).toBe("OTP code has expired. Please request a new one");
    // A second before the end it would have worked.
    const fresh = await startSmsVerification(env.DB, {
      phoneNumber: normalised(freshPhone()),
      clientAddress: null,
      secret: env.SESSION_SECRET,
      now: t0,
    });
    await expect(
      confirmSmsCode(db(), { ...fresh, secret: env.SESSION_SECRET, now: t0 + SMS_CODE_TTL_MS - 1000 }),
    ).resolves.toBeTruthy();
  });

  it("uses a code once", async () => {
    const { verificationId, code } = await sendCode(freshPhone());
    expect((await api("/api/identity/sms/verify", { body: { verificationId, code } })).status).toBe(200);
    const again = await api("/api/identity/sms/verify", { body: { verificationId, code } });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("server.auth.invalidCode");
  });

  it("answers malformed verify bodies with 400 and the OTP messages", async () => {
    expect((await api("/api/identity/sms/verify", { body: { verificationId: "x", code: "12345" } })).json.message).toBe(
      "OTP must be 6 digits",
    );
    expect(
      (await api("/api/identity/sms/verify", { body: { verificationId: "x", code: "12a456" } })).json.message,
    ).toBe("OTP must contain only numbers");
    expect((await api("/api/identity/sms/verify", { body: { verificationId: "nope", code: "123456" } })).status).toBe(
      400,
    );
  });
});

describe("phone sign-in (POST /api/auth/phone)", () => {
  it("asks a new person for names, opens no session, then signs them up with the same token", async () => {
    const phone = freshPhone();
    const idToken = await idTokenFor(phone);
    const first = await api("/api/auth/phone", { body: { idToken } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ firstName: null, lastName: null, phoneNumber: normalised(phone) });
    expect(sessionCookieFrom(first.headers)).toBeNull();
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.phoneNumber, normalised(phone))),
    ).toEqual([]);

    const blank = await api("/api/auth/phone", { body: { idToken, firstName: " ", lastName: "" } });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual({ firstName: ["First name is required"], lastName: ["Last name is required"] });

    const named = await api("/api/auth/phone", { body: { idToken, firstName: "Maria", lastName: "Santos" } });
    expect(named.status).toBe(200);
    expect(named.json).toMatchObject({
      firstName: "Maria",
      lastName: "Santos",
      role: "user",
      phoneNumber: normalised(phone),
    });
    const cookie = sessionCookieFrom(named.headers)!;
    expect(named.headers.get("Set-Cookie")).toMatch(/HttpOnly/);
    expect(named.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/);
    expect(named.headers.get("Set-Cookie")).toMatch(/Max-Age=2592000/);

    const me = await api("/api/auth/user", { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ firstName: "Maria", lastName: "Santos", role: "user" });

    // The session id is stored only as a hash.
    const token = cookie.split("=")[1]!;
    const stored = await db().select().from(sessions).where(eq(sessions.userId, me.json.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.idHash).not.toBe(token);
  });

  it("signs a returning user in at once, and one token opens at most one session", async () => {
    const user = await createUser("rider");
    const local = `0${user.phoneNumber!.slice(3)}`;
    const idToken = await idTokenFor(local);
    const first = await api("/api/auth/phone", { body: { idToken } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: user.id, firstName: user.firstName, role: "rider" });
    expect(sessionCookieFrom(first.headers)).not.toBeNull();

    const replay = await api("/api/auth/phone", { body: { idToken } });
    expect(replay.status).toBe(401);
    expect(sessionCookieFrom(replay.headers)).toBeNull();
  });

  it("refuses forged, expired and wrong-channel identity tokens", async () => {
    const idToken = await idTokenFor(freshPhone());
    const [header, payload] = idToken.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    expect((await api("/api/auth/phone", { body: { idToken: forged } })).status).toBe(401);
    expect((await api("/api/auth/phone", { body: { idToken: "not-a-jwt" } })).status).toBe(401);
    expect((await api("/api/auth/email", { body: { idToken } })).status).toBe(401);

    const [verification] = await db().select().from(verifications).limit(1);
    const stale = await issueIdentityToken(env, verification!, Date.now() - 11 * 60_000);
    expect((await api("/api/auth/phone", { body: { idToken: stale } })).status).toBe(401);
  });

  it("refuses a validly signed token whose subject is not its verification's number", async () => {
    // Someone else's account...
    const victim = await signedIn("admin");
    // ...and the attacker's own confirmed verification, paired with the victim's number.
    const attackerPhone = freshPhone();
    await idTokenFor(attackerPhone);
    const [verification] = await db()
      .select()
      .from(verifications)
      .where(eq(verifications.target, normalised(attackerPhone)));
    const mismatched = await issueIdentityToken(env, { ...verification!, target: victim.user.phoneNumber! });
    const response = await api("/api/auth/phone", { body: { idToken: mismatched } });
    expect(response.status).toBe(401);
    expect(sessionCookieFrom(response.headers)).toBeNull();
    const [after] = await db().select().from(verifications).where(eq(verifications.id, verification!.id));
    expect(after!.redeemedAt).toBeNull();
  });

  it("answers a malformed body with 400, never 500", async () => {
    for (const rawBody of ["{", "[]", '"text"', "null", '{"idToken": 5}']) {
      const response = await api("/api/auth/phone", { rawBody });
      expect(response.status, rawBody).toBe(400);
      expect(typeof response.json.message).toBe("string");
    }
  });
});

describe("email sign-in", () => {
  it("answers the same for known and unknown addresses and sends a single-use 15-minute link", async () => {
    const known = await createUser("user", { email: `known-${Date.now()}@example.ph` });
    const unknown = `new-${Date.now()}@example.ph`;
    const a = await api("/api/identity/email/send", { body: { email: known.email }, headers: clientHeaders() });
    const b = await api("/api/identity/email/send", { body: { email: unknown }, headers: clientHeaders() });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual({ ok: true });
    expect(b.json).toEqual({ ok: true });

    const message = await latestOutbox(known.email!);
    expect(message!.link).toMatch(/^http:\/\/localhost\/auth\/email-verify\?token=[A-Za-z0-9_-]{43}$/);
    const token = decodeURIComponent(new URL(message!.link!).searchParams.get("token")!);

    const wrongEmail = await api("/api/identity/email/verify", { body: { token, email: unknown } });
    expect(wrongEmail.json).toEqual(refusal("server.auth.invalidEmailLink"));
    expect(wrongEmail.json.error).toBe("Invalid email sign-in link");

    const verified = await api("/api/identity/email/verify", { body: { token, email: known.email!.toUpperCase() } });
    expect(verified.status).toBe(200);
    const signedIn = await api("/api/auth/email", { body: { idToken: verified.json.idToken } });
    expect(signedIn.json).toMatchObject({ id: known.id });
    expect(sessionCookieFrom(signedIn.headers)).not.toBeNull();

    const reused = await api("/api/identity/email/verify", { body: { token, email: known.email } });
    expect(reused.status).toBe(400);
    expect(reused.json.message).toBe("Invalid email sign-in link");
  });

  it("refuses a link after 15 minutes and asks for the email when it is missing", async () => {
    const t0 = Date.UTC(2026, 1, 1, 0, 0);
    const email = `late-${Date.now()}@example.ph`;
    const { token } = await startEmailVerification(env.DB, { email, clientAddress: null, now: t0 });
    await expect(confirmEmailLink(db(), { token, email, now: t0 + EMAIL_LINK_TTL_MS })).rejects.toMatchObject({
      id: "server.auth.invalidEmailLink",
    });
    const missing = await api("/api/identity/email/verify", { body: { token } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Email is required");
  });

  it("takes a new email user through the name step", async () => {
    const email = `fresh-${Date.now()}@example.ph`;
    await api("/api/identity/email/send", { body: { email }, headers: clientHeaders() });
    const token = decodeURIComponent(new URL((await latestOutbox(email))!.link!).searchParams.get("token")!);
    const { json } = await api("/api/identity/email/verify", { body: { token, email } });
    const first = await api("/api/auth/email", { body: { idToken: json.idToken } });
    expect(first.json).toMatchObject({ firstName: null, lastName: null, email });
    const named = await api("/api/auth/email", {
      body: { idToken: json.idToken, firstName: "Liza", lastName: "Reyes" },
    });
    expect(named.json).toMatchObject({ firstName: "Liza", email, phoneNumber: null });
  });
});

describe("the sign-in pages (POST /sign-in, the forms without JavaScript)", () => {
  /** A wizard step as the browser posts it, with the cookies it holds. */
  const postStep = (path: string, fields: Record<string, string>, cookie = "", headers: Record<string, string> = {}) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        Origin: ORIGIN,
        Host: "localhost",
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookie,
        ...clientHeaders(),
        ...headers,
      },
      redirect: "manual",
    });
  const page = (path: string, cookie = "", headers: Record<string, string> = {}) =>
    SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" });
  /** The cookies a browser would send after this answer (name=value of each Set-Cookie that is not a deletion). */
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((c) => !/Max-Age=0/i.test(c))
      .map((c) => c.split(";")[0])
      .join("; ");
  const progressCookie = (response: Response) =>
    response.headers.getSetCookie().find((c) => c.startsWith("hatid_sign_in="));
  const textsTo = async (target: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM dev_outbox WHERE recipient = ?")
      .bind(target)
      .first<{ n: number }>())!.n;

  it("redirects to the code step, which a reload and the landing show again while the code is valid, without sending another code", async () => {
    const phone = freshPhone();
    const sent = await postStep("/sign-in?redirectTo=%2Ftracking%2Fabc", { intent: "send-code", phoneNumber: phone });
    // Post/redirect/get: a reload of the code step is a GET, not the send again.
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/sign-in?redirectTo=%2Ftracking%2Fabc");
    const progress = progressCookie(sent)!;
    expect(progress).toMatch(/; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/);
    const { code } = (await latestOutbox(normalised(phone)))!;
    // The step's state, never the code.
    expect(atob(decodeURIComponent(progress.split(";")[0]!.slice("hatid_sign_in=".length)))).not.toContain(code!);
    const cookie = cookiesOf(sent);

    for (const path of ["/sign-in?redirectTo=%2Ftracking%2Fabc", "/sign-in", "/", "/tracking/abc"]) {
      const again = await page(path, cookie);
      const html = await again.text();
      expect(html, path).toContain(`Enter the 6-digit code sent to ${normalised(phone)}.`);
      expect(html, path).toContain('name="verificationId"');
    }
    expect(await textsTo(normalised(phone))).toBe(1);

    const verified = await postStep(
      "/sign-in?redirectTo=%2Ftracking%2Fabc",
      {
        intent: "verify",
        phoneNumber: normalised(phone),
        verificationId: /name="verificationId" value="([^"]+)"/.exec(
          await (await page("/sign-in", cookie)).text(),
        )![1]!,
        code: code!,
      },
      cookie,
    );
    expect(verified.status).toBe(303);
    // A new person: the name step, remembered the same way, then the page they came for.
    expect(verified.headers.get("Location")).toBe("/sign-in?redirectTo=%2Ftracking%2Fabc");
    const named = cookiesOf(verified);
    const nameStep = await (await page("/sign-in?redirectTo=%2Ftracking%2Fabc", named)).text();
    expect(nameStep).toContain('name="idToken"');
    const idToken = /name="idToken" value="([^"]+)"/.exec(nameStep)![1]!;
    const registered = await postStep(
      "/sign-in?redirectTo=%2Ftracking%2Fabc",
      { intent: "register", idToken, firstName: "Reload", lastName: "Tester" },
      named,
    );
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe("/tracking/abc");
    expect(progressCookie(registered)).toMatch(/^hatid_sign_in=; Max-Age=0/);
    // The code is used: the old progress no longer shows the code step.
    expect(await (await page("/sign-in", cookie)).text()).not.toContain("Enter the 6-digit code");
  });

  it("keeps the code step when the same number asks again within the minute, saying the seconds left", async () => {
    const phone = freshPhone();
    const cookie = cookiesOf(await postStep("/sign-in", { intent: "send-code", phoneNumber: phone }));
    for (const intent of ["send-code", "resend"]) {
      const again = await postStep("/sign-in", { intent, phoneNumber: phone, verificationId: "x" }, cookie, {
        "Accept-Language": "fil",
      });
      expect(again.status, intent).toBe(429);
      const html = await again.text();
      expect(html, intent).toMatch(
        /May code na naipadala sa number na ito wala pang isang minuto ang nakalipas\. Puwede kang humingi ng bagong code pagkalipas ng \d+ segundo\./,
      );
      expect(html, intent).toContain('name="code"');
      expect(html, intent).not.toContain("Sobrang dami ng subok");
    }
    expect(await textsTo(normalised(phone))).toBe(1);
  });

  it("goes back to the number with Change Mobile Number; another number's code then replaces the code step", async () => {
    const phone = freshPhone();
    const cookie = cookiesOf(await postStep("/sign-in", { intent: "send-code", phoneNumber: phone }));
    const changed = await postStep("/sign-in", { intent: "change-number", phoneNumber: normalised(phone) }, cookie);
    expect(await changed.text()).toContain(`value="${phone}"`);
    const other = freshPhone();
    const sent = await postStep("/sign-in", { intent: "send-code", phoneNumber: other }, cookie);
    expect(sent.status).toBe(303);
    expect(await (await page("/sign-in", cookiesOf(sent))).text()).toContain(
      `Enter the 6-digit code sent to ${normalised(other)}.`,
    );
    // Signing in with email instead forgets the code step.
    const email = await postStep("/sign-in", { intent: "use-email" }, cookiesOf(sent));
    expect(progressCookie(email)).toMatch(/^hatid_sign_in=; Max-Age=0/);
  });

  it("comes back to the page the visitor opened, never to another site", async () => {
    const { cookie } = await signedIn("user");
    for (const [redirectTo, location] of [
      ["/tracking/abc?x=1", "/tracking/abc?x=1"],
      ["/rider/earnings", "/rider/earnings"],
      ["//evil.example/", "/"],
      ["https://evil.example/", "/"],
      ["/\\evil.example", "/"],
      ["/\t/evil.example", "/"],
      ["/.//evil.example", "/"],
    ]) {
      const response = await page(`/sign-in?${new URLSearchParams({ redirectTo: redirectTo! })}`, cookie);
      expect(response.headers.get("Location"), redirectTo).toBe(location);
    }
    // The landing shown at a signed-in page's address posts its wizard with that address.
    const landing = await (await page("/coop/fund?month=2026-11")).text();
    expect(landing).toContain('action="/sign-in?redirectTo=%2Fcoop%2Ffund%3Fmonth%3D2026-11"');
    expect(await (await page("/")).text()).toContain('action="/sign-in"');
  });

  it("emails a link that leads on to the page the visitor opened, and shows 'link sent' again on a reload", async () => {
    const email = `redirect-${Date.now()}@example.ph`;
    const sent = await postStep("/sign-in?redirectTo=%2Fcoop", { intent: "send-link", email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fcoop");
    const link = (await latestOutbox(email))!.link!;
    expect(new URL(link).searchParams.get("redirectTo")).toBe("/coop");
    expect(await (await page("/sign-in", cookiesOf(sent))).text()).toContain(`We sent a sign-in link to ${email}.`);
  });
});

describe("account calls", () => {
  it("answers anonymous callers 401 Unauthorized on every account call", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/auth/user", undefined],
      ["PATCH", "/api/auth/user/profile", { firstName: "A", lastName: "B" }],
      ["PATCH", "/api/auth/user/role", { role: "rider" }],
      ["DELETE", "/api/auth/user/account", { confirm: true }],
      ["POST", "/api/auth/logout", undefined],
    ] as const) {
      const response = await api(path, { method, body });
      expect(response.status, path).toBe(401);
      expect(response.json, path).toEqual(refusal("server.http.unauthorized"));
      expect(response.json.error, path).toBe("Unauthorized");
    }
  });

  it("updates the profile with the settings form's rules", async () => {
    const { cookie } = await signedIn("user");
    const ok = await api("/api/auth/user/profile", {
      method: "PATCH",
      cookie,
      body: { firstName: " Jose ", lastName: "Rizal", email: "Jose@Example.ph" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ firstName: "Jose", lastName: "Rizal", email: "jose@example.ph" });

    const cleared = await api("/api/auth/user/profile", {
      method: "PATCH",
      cookie,
      body: { firstName: "Jose", lastName: "Rizal", email: "" },
    });
    expect(cleared.json.email).toBeNull();

    const bad = await api("/api/auth/user/profile", {
      method: "PATCH",
      cookie,
      body: { firstName: "", lastName: "x".repeat(51), email: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name must be at most 50 characters. Shorten it and try again."],
      email: ["Invalid email address"],
    });

    const other = await createUser("user", { email: `taken-${Date.now()}@example.ph` });
    const taken = await api("/api/auth/user/profile", {
      method: "PATCH",
      cookie,
      body: { firstName: "Jose", lastName: "Rizal", email: other.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: "server.auth.emailTaken", field: "email" });
  });

  it("switches an approved rider between user and rider, refuses admin to non-admins, lets admins keep it", async () => {
    const { user, cookie } = await signedIn("user", { riderApprovedAt: new Date() });
    expect((await api("/api/auth/user/role", { method: "PATCH", cookie, body: { role: "rider" } })).json.role).toBe(
      "rider",
    );
    expect((await api("/api/auth/user/role", { method: "PATCH", cookie, body: { role: "user" } })).json.role).toBe(
      "user",
    );
    const escalate = await api("/api/auth/user/role", { method: "PATCH", cookie, body: { role: "admin" } });
    expect(escalate.status).toBe(403);
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored!.role).toBe("user");
    expect((await api("/api/auth/user/role", { method: "PATCH", cookie, body: { role: "superuser" } })).status).toBe(
      400,
    );

    const admin = await signedIn("admin");
    expect(
      (await api("/api/auth/user/role", { method: "PATCH", cookie: admin.cookie, body: { role: "admin" } })).status,
    ).toBe(200);
  });

  it("keeps a rider with an active delivery a rider", async () => {
    const rider = await signedIn("rider");
    const customer = await createUser("user");
    await insertDelivery({
      id: "busy-rider-delivery",
      customerId: customer.id,
      riderId: rider.user.id,
      status: "picked_up",
    });
    const response = await api("/api/auth/user/role", {
      method: "PATCH",
      cookie: rider.cookie,
      body: { role: "user" },
    });
    expect(response.status).toBe(409);
  });

  it("deletes (deactivates) an account: old sessions stop working, personal data is scrubbed, deliveries stay", async () => {
    const { user, cookie } = await signedIn("user", { email: `gone-${Date.now()}@example.ph` });
    await insertDelivery({ id: "kept-after-delete", customerId: user.id, riderId: null, status: "delivered" });
    expect((await api("/api/auth/user/account", { method: "DELETE", cookie, body: {} })).status).toBe(400);
    const deleted = await api("/api/auth/user/account", { method: "DELETE", cookie, body: { confirm: true } });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("Set-Cookie")).toMatch(/hatid_session=;.*Max-Age=0/);

    expect((await api("/api/auth/user", { cookie })).status).toBe(401);
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ firstName: null, lastName: null, email: null, phoneNumber: null });
    expect(stored!.deactivatedAt).not.toBeNull();
    const kept = await db().select().from(deliveries).where(eq(deliveries.id, "kept-after-delete"));
    expect(kept).toHaveLength(1);
  });

  it("refuses to delete an account with a delivery under way", async () => {
    const { user, cookie } = await signedIn("user");
    await insertDelivery({ id: "open-order", customerId: user.id, riderId: null, status: "pending" });
    expect((await api("/api/auth/user/account", { method: "DELETE", cookie, body: { confirm: true } })).status).toBe(
      409,
    );
    expect((await api("/api/auth/user", { cookie })).status).toBe(200);
  });

  it("logs out: the session is revoked, the cookie cleared", async () => {
    const { cookie } = await signedIn("user");
    const other = await signedIn("user");
    const out = await api("/api/auth/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await api("/api/auth/user", { cookie })).status).toBe(401);
    expect((await api("/api/auth/user", { cookie: other.cookie })).status).toBe(200);
  });

  it("marks the session cookie Secure over https", async () => {
    const idToken = await idTokenFor(freshPhone());
    const { SELF } = await import("cloudflare:test");
    const response = await SELF.fetch("https://hatid.example/api/auth/phone", {
      method: "POST",
      headers: { Origin: "https://hatid.example", "Content-Type": "application/json" },
      body: JSON.stringify({ idToken, firstName: "Ana", lastName: "Cruz" }),
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/; Secure/);
  });
});

describe("request hygiene", () => {
  it("refuses a cross-origin POST before it does anything", async () => {
    const { cookie } = await signedIn("user");
    const response = await api("/api/auth/logout", { method: "POST", cookie, origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await api("/api/auth/user", { cookie })).status).toBe(200);
    const phone = freshPhone();
    const send = await api("/api/identity/sms/send", { body: { phoneNumber: phone }, origin: "https://evil.example" });
    expect(send.status).toBe(403);
    expect(await latestOutbox(normalised(phone))).toBeNull();
  });

  it("refuses a cross-site form post without an Origin header", async () => {
    const response = await api("/api/auth/logout", {
      method: "POST",
      origin: null,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("answers a wrong method with 405", async () => {
    expect((await api("/api/auth/logout")).status).toBe(405);
    expect((await api("/api/identity/sms/send")).status).toBe(405);
  });

  it("redirects /api/login to /", async () => {
    const response = await api("/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("serves the dev outbox only in development", async () => {
    expect((await api("/api/dev/outbox")).status).toBe(404);
    const phone = freshPhone();
    await sendCode(phone);
    const response = await outboxLoader({
      request: new Request("http://localhost/api/dev/outbox"),
      params: {},
      context: {
        cloudflare: { env: { ...env, ENVIRONMENT: "development" }, ctx: {} as ExecutionContext },
        cspNonce: "",
      },
    });
    const list = (await response.json()) as { channel: string; to: string; code?: string; sentAt: string }[];
    expect(list[0]).toMatchObject({ channel: "sms", to: normalised(phone) });
    expect(list[0]!.code).toMatch(/^\d{6}$/);
    const times = list.map((m) => m.sentAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
