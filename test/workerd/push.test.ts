import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { importJWK, jwtVerify } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, pushSubscriptions } from "~/db/schema";
import { notificationMessages } from "~/notifications/notification-messages";
import { notify } from "~/notifications/notifications.server";
import { sendPendingPushes } from "~/notifications/push.server";
import { api, db, signedIn } from "./helpers";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data as BufferSource));
}

/** A browser's push keys, as a real one makes them: an ECDH P-256 pair and a 16-byte auth secret. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { pair, publicKey, auth, json: { p256dh: b64url(publicKey), auth: b64url(auth) } };
}

/** RFC 8291 + RFC 8188 decryption, written here independently of the library the app uses. */
async function decrypt(body: Uint8Array, keys: Awaited<ReturnType<typeof browserKeys>>): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, keys.pair.privateKey, 256),
  );
  const prkKey = await hmac(keys.auth, shared);
  const ikm = (
    await hmac(prkKey, concat(text("WebPush: info\0"), keys.publicKey, serverPublic, new Uint8Array([1])))
  ).slice(0, 32);
  const prk = await hmac(salt, ikm);
  const cek = (await hmac(prk, concat(text("Content-Encoding: aes128gcm\0"), new Uint8Array([1])))).slice(0, 16);
  const nonce = (await hmac(prk, concat(text("Content-Encoding: nonce\0"), new Uint8Array([1])))).slice(0, 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  const end = padded.lastIndexOf(2);
  return new TextDecoder().decode(padded.slice(0, end));
}

interface Received {
  endpoint: string;
  headers: Headers;
  body: Uint8Array;
}

/**
 * A local mock push service (RFC 8030): every https://push.test/ endpoint lands here. It answers
 * 201 Created like a real one, or what `answers` says for an endpoint (410 Gone for an expired one).
 */
class MockPushService {
  received: Received[] = [];
  answers = new Map<string, number>();
  private realFetch = globalThis.fetch;

  install() {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith("https://push.test/")) return this.realFetch(input, init);
      this.received.push({
        endpoint: request.url,
        headers: request.headers,
        body: new Uint8Array(await request.arrayBuffer()),
      });
      return new Response(null, { status: this.answers.get(request.url) ?? 201 });
    });
  }

  async waitFor(count: number, timeoutMs = 5000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    return this.received;
  }
}

let push: MockPushService;
beforeEach(() => {
  push = new MockPushService();
  push.install();
});
afterEach(() => vi.restoreAllMocks());

const endpoint = () => `https://push.test/send/${crypto.randomUUID()}`;

async function subscribe(cookie: string, keys: Awaited<ReturnType<typeof browserKeys>>, at = endpoint()) {
  const answer = await api("/api/push/subscriptions", {
    cookie,
    body: { endpoint: at, expirationTime: null, keys: keys.json },
  });
  expect(answer.status).toBe(201);
  return at;
}

describe("POST and DELETE /api/push/subscriptions", () => {
  it("needs a session, a valid subscription, and deletes only the caller's own", async () => {
    const keys = await browserKeys();
    const body = { endpoint: endpoint(), keys: keys.json };
    expect((await api("/api/push/subscriptions", { body })).status).toBe(401);
    expect((await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: body.endpoint } })).status).toBe(
      401,
    );

    const customer = await signedIn("user");
    const other = await signedIn("rider");
    for (const [bad, message] of [
      [
        { ...body, endpoint: "http://push.test/x" },
        "This browser's push address is not a secure (https) web address. Try another browser.",
      ],
      [
        { ...body, endpoint: "not a url" },
        "This browser's push address is not a secure (https) web address. Try another browser.",
      ],
      [{ endpoint: body.endpoint }, "This browser sent no push keys. Turn push notifications off and on again."],
      [
        { ...body, keys: { p256dh: "has spaces", auth: keys.json.auth } },
        "This browser's p256dh key is not valid. Turn push notifications off and on again.",
      ],
      [
        { ...body, keys: { p256dh: keys.json.p256dh } },
        "This browser sent no auth key. Turn push notifications off and on again.",
      ],
    ] as const) {
      const answer = await api("/api/push/subscriptions", { cookie: customer.cookie, body: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.message).toBe(message);
    }
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.user.id))).toEqual(
      [],
    );

    await subscribe(customer.cookie, keys, body.endpoint);
    expect(
      (
        await api("/api/push/subscriptions", {
          cookie: other.cookie,
          method: "DELETE",
          body: { endpoint: body.endpoint },
        })
      ).status,
    ).toBe(404);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint)),
    ).toHaveLength(1);
    const removed = await api("/api/push/subscriptions", {
      cookie: customer.cookie,
      method: "DELETE",
      body: { endpoint: body.endpoint },
    });
    expect(removed.status).toBe(200);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint))).toEqual(
      [],
    );
    expect(
      (
        await api("/api/push/subscriptions", {
          cookie: customer.cookie,
          method: "DELETE",
          body: { endpoint: body.endpoint },
        })
      ).status,
    ).toBe(404);
  });
});

describe("Web Push delivery", () => {
  it("sends each notification to the recipient's browsers, encrypted for them and signed with our VAPID key; a 410 removes that subscription", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const admin = await signedIn("admin");
    const phone = await browserKeys();
    const laptop = await browserKeys();
    const phoneEndpoint = await subscribe(rider.cookie, phone);
    const laptopEndpoint = await subscribe(rider.cookie, laptop);
    push.answers.set(laptopEndpoint, 410);

    // A real trigger through the Worker; the push goes out after the answer (ctx.waitUntil).
    expect(
      (
        await api(`/api/admin/riders/${rider.user.id}/suspend`, {
          cookie: admin.cookie,
          body: { reason: "Helmet not worn" },
        })
      ).status,
    ).toBe(200);
    const received = await push.waitFor(2);
    expect(received.map((r) => r.endpoint).sort()).toEqual([phoneEndpoint, laptopEndpoint].sort());

    const [stored] = await db().select().from(notifications).where(eq(notifications.userId, rider.user.id));
    const toPhone = received.find((r) => r.endpoint === phoneEndpoint)!;
    expect(toPhone.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(toPhone.headers.get("ttl"))).toBeGreaterThan(0);
    expect(JSON.parse(await decrypt(toPhone.body, phone))).toEqual({
      id: stored!.id,
      kind: "suspended",
      title: "Account suspended",
      body: "An admin suspended your rider account: Helmet not worn",
      url: "/rider-dashboard",
    });
    // Each browser's copy opens only with its own keys.
    await expect(decrypt(toPhone.body, laptop)).rejects.toThrow();

    // RFC 8292: "vapid t=<JWT for the push service's origin>, k=<our public key>".
    const authorization = toPhone.headers.get("authorization")!;
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    expect(k).toBe(env.VAPID_PUBLIC_KEY);
    const raw = fromB64url(k!);
    const publicJwk = await importJWK(
      { kty: "EC", crv: "P-256", x: b64url(raw.slice(1, 33)), y: b64url(raw.slice(33, 65)) },
      "ES256",
    );
    const { payload } = await jwtVerify(jwt!, publicJwk, { audience: "https://push.test" });
    expect(payload.sub).toMatch(/^mailto:/);

    // The 410 subscription is gone, the other stays; the notification is no longer waiting.
    await vi.waitFor(async () => {
      const left = await db()
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, rider.user.id));
      expect(left.map((s) => s.endpoint)).toEqual([phoneEndpoint]);
    });
    const [after] = await db().select().from(notifications).where(eq(notifications.id, stored!.id));
    expect(after!.pushPending).toBe(false);

    // Reactivated: only the phone hears of it now.
    expect(
      (await api(`/api/admin/riders/${rider.user.id}/reactivate`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(200);
    const more = await push.waitFor(3);
    expect(more.slice(2).map((r) => r.endpoint)).toEqual([phoneEndpoint]);
    expect(JSON.parse(await decrypt(more[2]!.body, phone))).toMatchObject({
      kind: "reactivated",
      title: "Account reactivated",
    });
  });

  it("a notification for someone without a subscription never waits for push; a sender sends each waiting one once", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const admin = await signedIn("admin");
    await api(`/api/admin/riders/${rider.user.id}/suspend`, { cookie: admin.cookie, body: { reason: "x" } });
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, rider.user.id));
    expect(row!.pushPending).toBe(false);

    const keys = await browserKeys();
    await subscribe(customer.cookie, keys);
    await env.DB.prepare(
      `INSERT INTO notifications (user_id, kind, title, body, url, created_at, push_pending) VALUES (?1, 'reactivated', 'Once', 'Only once', '/', ?2, 1)`,
    )
      .bind(customer.user.id, Date.now())
      .run();
    await Promise.all([sendPendingPushes(env), sendPendingPushes(env)]);
    await push.waitFor(1);
    await sendPendingPushes(env);
    const mine = [];
    for (const r of push.received) {
      try {
        mine.push(JSON.parse(await decrypt(r.body, keys)).title);
      } catch {
        // Another test's browser.
      }
    }
    expect(mine).toEqual(["Once"]);
  });

  it("goes out in the recipient's language, a row written before messages were stored by id (English) too", async () => {
    const customer = await signedIn("user");
    await env.DB.prepare(`UPDATE users SET language = 'fil' WHERE id = ?1`).bind(customer.user.id).run();
    const keys = await browserKeys();
    await subscribe(customer.cookie, keys);
    await env.DB.prepare(
      `INSERT INTO notifications (user_id, kind, title, body, url, created_at, push_pending)
       VALUES (?1, 'picked_up', 'Package picked up', 'Your package is on its way to 45 Katipunan Ave.', '/tracking/d-old', ?2, 1)`,
    )
      .bind(customer.user.id, Date.now())
      .run();
    await notify(env.DB, [
      {
        to: { userId: customer.user.id },
        content: notificationMessages.delivered({
          id: "d-new",
          pickupCity: "Makati",
          dropoffCity: "Pasig",
          dropoffAddress: "12 Shaw Blvd",
        }),
      },
    ]);
    await sendPendingPushes(env);
    const mine = [];
    for (const r of push.received) {
      try {
        mine.push(JSON.parse(await decrypt(r.body, keys)) as { title: string; body: string });
      } catch {
        // Another test's browser.
      }
    }
    expect(mine.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: "Na-pickup na ang package", body: "Papunta na ang package mo sa 45 Katipunan Ave." },
      { title: "Naihatid na", body: "Nakarating na ang package mo sa 12 Shaw Blvd. I-rate ang rider mo." },
    ]);
  });
});
