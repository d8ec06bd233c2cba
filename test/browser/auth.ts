import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { baseURL, testServer } from "./browser";

/**
 * Signing in for browser tests through the real identity calls (send, the dev outbox, verify,
 * exchange), then handing the session cookie to a browser context: the same path a person takes,
 * without clicking through the wizard in every test. A number can receive one code a minute, so
 * each number is signed in at most once per run and its cookie is shared by the test files; a test
 * that sends a demo number a code through the pages first waits for that number's minute
 * (`awaitCodeWindow`). The cache lives in the run's own data folder, so it never outlives the run.
 */
const cacheFile = () => testServer().sessionCacheFile;
const readCache = (): Record<string, string> =>
  existsSync(cacheFile()) ? JSON.parse(readFileSync(cacheFile(), "utf8")) : {};
const remember = (key: string, value: string) =>
  writeFileSync(cacheFile(), JSON.stringify({ ...readCache(), [key]: value }));

const CODE_INTERVAL_MS = 61_000;

/** Waits until `localPhone` may receive another code, then records that it is about to get one. */
export async function awaitCodeWindow(localPhone: string) {
  const lastSent = Number(readCache()[`sent:${localPhone}`] ?? 0);
  const wait = lastSent + CODE_INTERVAL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  remember(`sent:${localPhone}`, String(Date.now()));
}

/** Keeps a session opened through the pages, so later files sign that number in without a code. */
export const rememberSession = (localPhone: string, token: string) => remember(localPhone, token);

async function call(pathname: string, body: unknown, origin = baseURL(), headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${JSON.stringify(json)}`);
  return { json, setCookie: response.headers.get("Set-Cookie") };
}

/** The newest message in the dev outbox for this recipient (+639… or an email). */
export async function outboxMessage(recipient: string, origin = baseURL()) {
  const response = await fetch(`${origin}/api/dev/outbox`);
  const messages = (await response.json()) as { to: string; code?: string; link?: string; body: string }[];
  const message = messages.find((m) => m.to === recipient);
  if (!message) throw new Error(`No message for ${recipient} in the dev outbox`);
  return message;
}

export const toInternational = (localPhone: string) => `+63${localPhone.replace(/^0/, "")}`;

/** A mobile number no demo account and no earlier test has used. */
export function freshPhoneNumber(): string {
  return `0919${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

async function signInThroughApi(
  localPhone: string,
  names?: { firstName: string; lastName: string },
  origin = baseURL(),
) {
  const { json: sent } = await call("/api/identity/sms/send", { phoneNumber: localPhone }, origin);
  const { code } = await outboxMessage(toInternational(localPhone), origin);
  const { json: verified } = await call(
    "/api/identity/sms/verify",
    { verificationId: sent.verificationId, code },
    origin,
  );
  const { json: user, setCookie } = await call("/api/auth/phone", { idToken: verified.idToken, ...names }, origin);
  const token = /hatid_session=([^;]+)/.exec(setCookie ?? "")?.[1];
  if (!token) throw new Error(`Signing in ${localPhone} opened no session (names needed?)`);
  return { token, user };
}

async function useSession(context: BrowserContext, token: string, origin = baseURL()) {
  await context.addCookies([{ name: "hatid_session", value: token, url: origin, httpOnly: true, sameSite: "Lax" }]);
}

/** Signs an existing account (e.g. a demo number, "09170000004") into this browser context. */
export async function signInAs(context: BrowserContext, localPhone: string) {
  const cache = readCache();
  let token = cache[localPhone];
  if (!token) {
    await awaitCodeWindow(localPhone);
    ({ token } = await signInThroughApi(localPhone));
    rememberSession(localPhone, token);
  }
  await useSession(context, token);
}

/** A session of the demo admin (Ana, 09170000001) on `origin`, signed in once per run and server. */
export async function adminCookie(origin = baseURL()): Promise<string> {
  // The same cache entry as signInAs("09170000001") on the suite's server: one code a minute per number.
  const key = origin === baseURL() ? "09170000001" : `admin@${origin}`;
  let token = readCache()[key];
  if (!token) {
    if (origin === baseURL()) await awaitCodeWindow("09170000001");
    ({ token } = await signInThroughApi("09170000001", undefined, origin));
    remember(key, token);
  }
  return `hatid_session=${token}`;
}

let applicationsMade = 0;
const DOCUMENTATION_NETS = ["192.0.2", "198.51.100", "203.0.113"];

/**
 * Makes `localPhone` an approved rider the way the co-op does: an application through
 * `/become-rider`'s call, approved by the demo admin.
 */
async function approveAsRider(localPhone: string, names: { firstName: string; lastName: string }, origin: string) {
  const { json: application } = await call(
    "/api/rider-applications",
    { fullName: `${names.firstName} ${names.lastName}`, mobile: localPhone, city: "makati", hasMotorcycle: "yes" },
    origin,
    // Each made-up rider applies from an address of their own (documentation ranges): the suite
    // makes more riders than one address may apply for in an hour. Locally the header is kept as
    // sent; Cloudflare sets it itself in production.
    { "CF-Connecting-IP": `${DOCUMENTATION_NETS[applicationsMade++ % 3]}.${1 + Math.floor(Math.random() * 254)}` },
  );
  const response = await fetch(`${origin}/api/admin/rider-applications/${application.id}/decision`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: await adminCookie(origin) },
    body: JSON.stringify({ decision: "approve" }),
  });
  if (!response.ok) throw new Error(`Could not approve ${localPhone} as a rider: ${response.status}`);
}

/**
 * A fresh approved rider who has never signed in (an application the demo admin approved): their
 * number's first code is still to come, so a test can sign them in through the pages at once.
 */
export async function approvedRiderNumber(names = { firstName: "Test", lastName: "Rider" }, origin = baseURL()) {
  const localPhone = freshPhoneNumber();
  await approveAsRider(localPhone, names, origin);
  return localPhone;
}

/**
 * Signs up a brand-new account (a customer, or an approved rider through an application the demo
 * admin approves) in this context; on the suite's server unless another `origin` is given.
 */
export async function signUpAs(
  context: BrowserContext,
  role: "user" | "rider" = "user",
  names = { firstName: "Test", lastName: role === "rider" ? "Rider" : "Customer" },
  origin = baseURL(),
) {
  const localPhone = freshPhoneNumber();
  if (role === "rider") await approveAsRider(localPhone, names, origin);
  const { token, user } = await signInThroughApi(localPhone, names, origin);
  await useSession(context, token, origin);
  return { localPhone, userId: user.id as string, cookie: `hatid_session=${token}` };
}
