import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createSession, SESSION_COOKIE } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { users, type Role, type User } from "~/db/schema";

export const ORIGIN = "http://localhost";
export const db = () => getDb(env.DB);

let sequence = 0;
/** A fresh user with a unique phone number; returns the row. */
export async function createUser(role: Role = "user", overrides: Partial<User> = {}): Promise<User> {
  sequence += 1;
  const now = new Date();
  const suffix =
    String(Date.now() % 1_000_000)
      .padStart(6, "0")
      .slice(-4) + String(sequence).padStart(5, "0");
  const [user] = await db()
    .insert(users)
    .values({
      id: `test-${role}-${crypto.randomUUID()}`,
      phoneNumber: `+639${suffix}`,
      firstName: role === "rider" ? "Test" : "Tess",
      lastName: role === "admin" ? "Admin" : role === "rider" ? "Rider" : "Customer",
      role,
      // Test riders start online (so the matrix tests can accept); real new riders start offline.
      riderOnline: role === "rider",
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return user!;
}

/** A signed-in user: the row plus the Cookie header of a real session. */
export async function signedIn(role: Role = "user", overrides: Partial<User> = {}) {
  const user = await createUser(role, overrides);
  const { token } = await createSession(db(), user.id);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * Who calls an admin-only route in a permission matrix, with the status each must get: 401
 * anonymous, 403 customers and riders (two of each), 200 an admin.
 */
export async function adminOnlyCallers(): Promise<[who: string, cookie: string | undefined, expected: number][]> {
  return [
    ["anonymous", undefined, 401],
    ["customer", (await signedIn("user")).cookie, 403],
    ["other customer", (await signedIn("user")).cookie, 403],
    ["rider", (await signedIn("rider")).cookie, 403],
    ["other rider", (await signedIn("rider")).cookie, 403],
    ["admin", (await signedIn("admin")).cookie, 200],
  ];
}

/** The callers of a permission matrix, each signed in: two customers, two riders, an admin. */
export async function matrixCallers() {
  const [customer, otherCustomer, rider, otherRider, admin] = await Promise.all([
    signedIn("user"),
    signedIn("user"),
    signedIn("rider"),
    signedIn("rider"),
    signedIn("admin"),
  ]);
  return { customer, otherCustomer, rider, otherRider, admin };
}

export interface ApiOptions {
  method?: string;
  cookie?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed-body tests). */
  rawBody?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

/** The request the browser app would send: same origin, JSON body, the cookie. */
export function apiRequest(path: string, options: ApiOptions = {}): Request {
  const headers: Record<string, string> = { ...options.headers };
  const method = options.method ?? (options.body !== undefined || options.rawBody !== undefined ? "POST" : "GET");
  if (options.origin !== null && method !== "GET") headers.Origin = options.origin ?? ORIGIN;
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
}

/** An answer as the tests read it: its status, its text, its JSON (null when not JSON) and its headers. */
export async function apiAnswer(response: Response) {
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, text, headers: response.headers };
}

/** Calls the real Worker the way the browser app does. */
export async function api(path: string, options: ApiOptions = {}) {
  return apiAnswer(await SELF.fetch(apiRequest(path, options)));
}

/** The newest settings version: what a save must name as its `baseVersion` (decision 0219). */
export async function settingsVersion(): Promise<number> {
  return (await env.DB.prepare("SELECT coalesce(max(id), 0) AS version FROM coop_settings_versions").first<{
    version: number;
  }>())!.version;
}

/** `PUT /api/admin/settings` with `body` built on the newest version, as a client that has just read the settings sends it. */
export async function putSettings(cookie: string | undefined, body: unknown) {
  const sent =
    body && typeof body === "object" && !Array.isArray(body) && !("baseVersion" in body)
      ? { ...body, baseVersion: await settingsVersion() }
      : body;
  return api("/api/admin/settings", { method: "PUT", cookie, body: sent });
}

/** A page form's fields: one value, or several under one name. */
export type FormFields = Record<string, string | string[]>;

/** The settings as /admin/settings' form fields, with the version they were loaded from (its hidden `baseVersion`), and `change` on top. */
export function settingsAsFields(
  settings: Record<string, unknown>,
  version: number,
  change: FormFields = {},
): FormFields {
  const fields: FormFields = { baseVersion: String(version) };
  const walk = (value: unknown, name: string) => {
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v !== "object")) fields[name] = value.map(String);
      else value.forEach((v, i) => walk(v, `${name}[${i}]`));
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k);
    else if (value === true) fields[name] = "on";
    else if (value !== false && value !== null && value !== undefined) fields[name] = String(value);
  };
  walk(settings, "");
  return { ...fields, ...change };
}

/** A small JPEG as the server sniffs one (its start and end markers around `filler` bytes): an ID or claim photo. */
const JFIF_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
export const jpegBytes = (filler = 200) => new Uint8Array([...JFIF_START, ...new Array(filler).fill(7), 0xff, 0xd9]);
export const JPEG = jpegBytes();

/** Uploads an ID for the discount (`POST /api/discounts/id`, multipart), as the settings page's form does. */
export function uploadIdPhoto(
  cookie: string | undefined,
  {
    kind = "student",
    bytes = JPEG,
    name = "id.jpg",
    type = "image/jpeg",
  }: { kind?: string | null; bytes?: Uint8Array; name?: string; type?: string } = {},
) {
  const form = new FormData();
  if (kind !== null) form.set("kind", kind);
  form.set("photo", new File([bytes as BlobPart], name, { type }));
  return SELF.fetch(`${ORIGIN}/api/discounts/id`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}
