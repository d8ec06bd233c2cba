import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, ORIGIN, signedIn } from "./helpers";

let sequence = 0;
const freshMobile = () => `0917${String((Date.now() + sequence++) % 10_000_000).padStart(7, "0")}`;
const international = (local: string) => `+63${local.slice(1)}`;
const clientHeaders = () => ({ "CF-Connecting-IP": `198.18.${sequence++ % 250}.${Math.floor(Math.random() * 250)}` });

/** The flash toast a redirect carries (Remix's cookie: base64 of the JSON). */
function flashToast(response: Response): { title?: string; description?: string } | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("hatid_toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("hatid_toast=".length).split(";")[0]!);
  return JSON.parse(decodeURIComponent(escape(atob(value))));
}

/** Signs in with the phone form (no JavaScript): code by SMS (dev outbox), then the form's verify step. */
async function signInWithForm(localMobile: string) {
  const sent = await api("/api/identity/sms/send", { body: { phoneNumber: localMobile }, headers: clientHeaders() });
  expect(sent.status, sent.text).toBe(200);
  const { code } = (await env.DB.prepare(
    "SELECT code FROM dev_outbox WHERE recipient = ?1 AND code IS NOT NULL ORDER BY sent_at DESC LIMIT 1",
  )
    .bind(international(localMobile))
    .first<{ code: string }>())!;
  const form = new URLSearchParams({
    intent: "verify",
    phoneNumber: localMobile,
    verificationId: sent.json.verificationId,
    code,
  });
  const response = await SELF.fetch(`${ORIGIN}/sign-in`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const session = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("hatid_session="))!
    .split(";")[0]!;
  return { toast: flashToast(response), session };
}

describe("the applicant gives first and last name apart", () => {
  it('"Juan" / "Dela Cruz" is stored apart, texted as Juan, becomes the rider Juan Dela Cruz, and is greeted "Welcome, Juan!"', async () => {
    const admin = await signedIn("admin");
    const local = freshMobile();
    const applied = await api("/api/rider-applications", {
      body: { firstName: "Juan", lastName: "Dela Cruz", mobile: local, city: "makati", hasMotorcycle: "yes" },
      headers: clientHeaders(),
    });
    expect(applied.status, applied.text).toBe(201);
    const row = await env.DB.prepare("SELECT full_name, first_name, last_name FROM rider_applications WHERE id = ?1")
      .bind(applied.json.id)
      .first();
    expect(row).toEqual({ full_name: "Juan Dela Cruz", first_name: "Juan", last_name: "Dela Cruz" });
    const sms = await env.DB.prepare("SELECT body FROM dev_outbox WHERE recipient = ?1")
      .bind(international(local))
      .first<{ body: string }>();
    expect(sms!.body).toMatch(/\bJuan\b/);
    expect(sms!.body).not.toContain("Dela");

    expect(
      (
        await api(`/api/admin/rider-applications/${applied.json.id}/decision`, {
          cookie: admin.cookie,
          body: { decision: "approve" },
        })
      ).status,
    ).toBe(200);
    const account = await env.DB.prepare("SELECT first_name, last_name FROM users WHERE phone_number = ?1")
      .bind(international(local))
      .first();
    expect(account).toEqual({ first_name: "Juan", last_name: "Dela Cruz" });

    // The first sign-in of the account says welcome, not welcome back; the next one, welcome back.
    const first = await signInWithForm(local);
    expect(first.toast).toEqual({ title: "Login Successful", description: "Welcome to Hatid!" });
    const home = await api("/", { cookie: first.session });
    expect(home.text).toContain("Welcome, Juan!");
    // (The code a minute later: one code per number per minute.)
    await env.DB.prepare("UPDATE verifications SET created_at = created_at - 120000 WHERE target = ?1")
      .bind(international(local))
      .run();
    const second = await signInWithForm(local);
    expect(second.toast).toEqual({ title: "Login Successful", description: "Welcome back!" });
  });

  it("refuses a missing first or last name with its own message (nothing stored)", async () => {
    const local = freshMobile();
    const base = { mobile: local, city: "makati", hasMotorcycle: "yes" };
    const noFirst = await api("/api/rider-applications", {
      body: { ...base, lastName: "Dela Cruz" },
      headers: clientHeaders(),
    });
    expect(noFirst.status).toBe(400);
    expect(noFirst.json.message).toBe("Please enter your first name.");
    const noLast = await api("/api/rider-applications", {
      body: { ...base, firstName: "Juan", lastName: " " },
      headers: clientHeaders(),
    });
    expect(noLast.status).toBe(400);
    expect(noLast.json.errors).toEqual({ lastName: ["Please enter your last name."] });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM rider_applications WHERE mobile = ?1")
      .bind(international(local))
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("the page asks for both, in Filipino too", async () => {
    const page = await api("/become-rider");
    expect(page.text).toMatch(/<label for="rider-application-firstName">First Name<\/label>/);
    expect(page.text).toMatch(/<label for="rider-application-lastName">Last Name<\/label>/);
    const filipino = await api("/become-rider", { headers: { Cookie: "lang=fil" } });
    expect(filipino.text).toContain(">Apelyido</label>");
  });
});
