import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { riderApplications, users } from "~/db/schema";
import { api, db, signedIn } from "./helpers";

const en = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("en", id, values);

let sequence = 0;
/** A Philippine mobile no other test uses, local form. */
const freshMobile = () => `0918${String((Date.now() + sequence++) % 10_000_000).padStart(7, "0")}`;
const international = (local: string) => `+63${local.slice(1)}`;

const application = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Juan dela Cruz",
  mobile: freshMobile(),
  city: "quezon-city",
  hasMotorcycle: "yes",
  ...overrides,
});

const lastSmsTo = async (recipient: string) =>
  (
    await env.DB.prepare("SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY sent_at DESC, rowid DESC LIMIT 1")
      .bind(recipient)
      .first<{ body: string }>()
  )?.body;

async function submit(body: unknown, address = `198.51.100.${sequence++ % 250}`) {
  return api("/api/rider-applications", { body, headers: { "CF-Connecting-IP": address } });
}

describe("POST /api/rider-applications", () => {
  it("stores an application without sign-in, answers 201 and texts the applicant", async () => {
    const body = application({
      mobile: "0917 555 0101".replace("0101", String(Date.now() % 10_000).padStart(4, "0")),
      referralCode: "RICO25",
    });
    const response = await submit(body);
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ id: expect.any(String), status: "submitted" });
    const [stored] = await db().select().from(riderApplications).where(eq(riderApplications.id, response.json.id));
    const mobile = international(String(body.mobile).replace(/\s/g, ""));
    // An older client's option ("quezon-city") is stored as the place the city data names.
    expect(stored).toMatchObject({
      fullName: "Juan dela Cruz",
      mobile,
      city: "Quezon City, Metro Manila",
      hasMotorcycle: true,
      referralCode: "RICO25",
      status: "submitted",
    });
    expect(await lastSmsTo(mobile)).toContain(
      "we received your rider application. Our team will contact you within 1-2 business days",
    );
  });

  it("answers 400 with the form's messages, in the fields' order, and stores nothing", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM rider_applications").first<{ n: number }>())!.n;
    const cases: [unknown, string][] = [
      // The name is asked as first and last name now; an older client's fullName is still read.
      [{}, "Please enter your first name."],
      [{ fullName: "  ", mobile: "09171234567", city: "makati", hasMotorcycle: "no" }, "Please enter your full name."],
      [{ fullName: "Juan" }, "Please enter your mobile number."],
      [{ fullName: "Juan", mobile: "09171234567" }, "Please select your city."],
      [{ fullName: "Juan", mobile: "09171234567", city: "  " }, "Please select your city."],
      [
        { fullName: "Juan", mobile: "09171234567", city: "paris", hasMotorcycle: "yes" },
        "We could not find “paris”. Type the first letters of your city or municipality and choose it from the list, such as Quezon City, Metro Manila.",
      ],
      [{ fullName: "Juan", mobile: "09171234567", city: "cebu" }, "Please select if you have a motorcycle."],
      [
        { fullName: "Juan", mobile: "12345", city: "cebu", hasMotorcycle: "no" },
        "Please enter a valid Philippine phone number (e.g., 09171234567)",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await submit(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.message, JSON.stringify(body)).toBe(message);
    }
    for (const raw of ["{", "null", "[]", "42"])
      expect((await api("/api/rider-applications", { rawBody: raw })).status).toBe(400);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM rider_applications").first<{ n: number }>())!.n).toBe(
      before,
    );
  });

  it("refuses a second application while the first from that number waits (409), in either number format", async () => {
    const body = application();
    expect((await submit(body)).status).toBe(201);
    const again = await submit({ ...body, mobile: international(body.mobile) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      message: en("server.applications.duplicate"),
      code: "server.applications.duplicate",
    });
  });

  it("takes at most 10 applications an hour from one client address", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 10; i++) expect((await submit(application(), address)).status).toBe(201);
    const eleventh = await submit(application(), address);
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.message).toBe(en("server.applications.tooMany", { minutes: 60 }));
    expect((await submit(application(), "203.0.113.78")).status).toBe(201);
  });

  it("answers 405 to other methods", async () => {
    expect((await api("/api/rider-applications")).status).toBe(405);
  });
});

describe("reviewing applications", () => {
  it("lists applications by status, newest first, to admins only", async () => {
    const first = await submit(application({ fullName: "Older Applicant" }));
    const second = await submit(application({ fullName: "Newer Applicant" }));
    const admin = await signedIn("admin");
    const list = await api("/api/admin/rider-applications?status=submitted", { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const ids = list.json.applications.map((a: { id: string }) => a.id);
    expect(ids.indexOf(second.json.id)).toBeLessThan(ids.indexOf(first.json.id));
    expect(list.json.applications.find((a: { id: string }) => a.id === first.json.id)).toMatchObject({
      fullName: "Older Applicant",
      cityLabel: "Quezon City, Metro Manila",
      hasMotorcycle: true,
      status: "submitted",
    });
    expect((await api("/api/admin/rider-applications?status=maybe", { cookie: admin.cookie })).status).toBe(400);

    expect(await api("/api/admin/rider-applications")).toMatchObject({
      status: 401,
      json: { message: "Unauthorized" },
    });
    for (const role of ["user", "rider"] as const) {
      expect((await api("/api/admin/rider-applications", { cookie: (await signedIn(role)).cookie })).status).toBe(403);
    }
  });

  it("approves: a new account with that mobile becomes an approved rider, texted to sign in", async () => {
    const body = application({ fullName: "Maria Clara Santos" });
    const { json } = await submit(body);
    const admin = await signedIn("admin");
    const decided = await api(`/api/admin/rider-applications/${json.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "approve" },
    });
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ id: json.id, status: "approved" });
    const [account] = await db()
      .select()
      .from(users)
      .where(eq(users.phoneNumber, international(body.mobile)));
    expect(account).toMatchObject({ firstName: "Maria Clara", lastName: "Santos", role: "rider" });
    expect(account!.riderApprovedAt).not.toBeNull();
    const sms = await lastSmsTo(international(body.mobile));
    expect(sms).toContain("approved");
    expect(sms).toContain(`with this number (${body.mobile})`);

    const twice = await api(`/api/admin/rider-applications/${json.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "reject" },
    });
    expect(twice).toMatchObject({ status: 409, json: { message: en("server.applications.alreadyApproved") } });
  });

  it("approves an existing customer's application: the same account becomes a rider who may switch roles", async () => {
    const customer = await signedIn("user");
    const local = `0${customer.user.phoneNumber!.slice(3)}`;
    const { json } = await submit(application({ mobile: local }));
    const admin = await signedIn("admin");
    expect(
      (
        await api(`/api/admin/rider-applications/${json.id}/decision`, {
          cookie: admin.cookie,
          body: { decision: "approve" },
        })
      ).status,
    ).toBe(200);
    const [account] = await db().select().from(users).where(eq(users.id, customer.user.id));
    expect(account).toMatchObject({ role: "rider", firstName: customer.user.firstName });
    expect(
      (await api("/api/auth/user/role", { method: "PATCH", cookie: customer.cookie, body: { role: "user" } })).json
        .role,
    ).toBe("user");
    expect(
      (await api("/api/auth/user/role", { method: "PATCH", cookie: customer.cookie, body: { role: "rider" } })).json
        .role,
    ).toBe("rider");
    const [stored] = await db().select().from(riderApplications).where(eq(riderApplications.id, json.id));
    expect(stored!.userId).toBe(customer.user.id);
  });

  it("rejects with the note texted to the applicant; no account is made; deciding again is 409", async () => {
    const body = application();
    const { json } = await submit(body);
    const admin = await signedIn("admin");
    const note = "Your motorcycle must be registered in 2019 or later.";
    const decided = await api(`/api/admin/rider-applications/${json.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "reject", note },
    });
    expect(decided.json).toMatchObject({ status: "rejected", note });
    expect(await lastSmsTo(international(body.mobile))).toContain(note);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.phoneNumber, international(body.mobile))),
    ).toEqual([]);
    expect(
      (
        await api(`/api/admin/rider-applications/${json.id}/decision`, {
          cookie: admin.cookie,
          body: { decision: "approve" },
        })
      ).status,
    ).toBe(409);
    // Rejected, the number may apply again.
    expect((await submit(body)).status).toBe(201);
  });

  it("has the decision's permission matrix: 401, 403 for customers and riders, 404 unknown, 400 bad body", async () => {
    const { json } = await submit(application());
    const path = `/api/admin/rider-applications/${json.id}/decision`;
    expect(await api(path, { body: { decision: "approve" } })).toMatchObject({
      status: 401,
      json: { message: "Unauthorized" },
    });
    for (const role of ["user", "rider"] as const) {
      expect((await api(path, { cookie: (await signedIn(role)).cookie, body: { decision: "approve" } })).status).toBe(
        403,
      );
    }
    const admin = await signedIn("admin");
    expect(
      (
        await api("/api/admin/rider-applications/nope/decision", {
          cookie: admin.cookie,
          body: { decision: "approve" },
        })
      ).status,
    ).toBe(404);
    const bad = await api(path, { cookie: admin.cookie, body: { decision: "maybe" } });
    expect(bad).toMatchObject({
      status: 400,
      json: { message: en("server.applications.decisionInvalid"), field: "decision" },
    });
    expect(
      (await api(path, { cookie: admin.cookie, body: { decision: "reject", note: "x".repeat(301) } })).status,
    ).toBe(400);
    const [stored] = await db().select().from(riderApplications).where(eq(riderApplications.id, json.id));
    expect(stored!.status).toBe("submitted");
  });
});

describe("only approved riders ride", () => {
  it("answers 403 'Apply to become a rider first' to a user who is not an approved rider", async () => {
    const { user, cookie } = await signedIn("user");
    const response = await api("/api/auth/user/role", { method: "PATCH", cookie, body: { role: "rider" } });
    expect(response).toMatchObject({ status: 403, json: { message: "Apply to become a rider first" } });
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored!.role).toBe("user");
  });

  it("keeps a suspended approved rider out of the rider role", async () => {
    const { cookie } = await signedIn("user", {
      riderApprovedAt: new Date(),
      riderSuspendedAt: new Date(),
      riderSuspensionReason: "Missing documents",
    });
    const response = await api("/api/auth/user/role", { method: "PATCH", cookie, body: { role: "rider" } });
    expect(response).toMatchObject({
      status: 403,
      json: { message: en("server.riders.suspended", { reason: "Missing documents" }) },
    });
  });

  it("the settings page tells an unapproved user to apply first, with a link to /become-rider", async () => {
    const { cookie } = await signedIn("user");
    const page = await api("/settings", { cookie });
    expect(page.text).toContain('<p class="notice" id="rider-role-notice">Apply to become a rider first.');
    expect(page.text).toContain('href="/become-rider"');
    const approved = await signedIn("user", { riderApprovedAt: new Date() });
    // The page's messages travel in its data (decision 0160): look for the notice itself, not its words.
    expect((await api("/settings", { cookie: approved.cookie })).text).not.toContain('id="rider-role-notice"');
  });
});
