import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bookingBody, historyFor, insertDelivery } from "./delivery-fixtures";
import { api, ORIGIN, signedIn } from "./helpers";

/**
 * The customer's page forms (decision 0187): each posts to its route's action as a
 * browser without JavaScript does (a urlencoded or multipart form, the page answered as HTML or a
 * redirect), parses with the schema of its /api route and runs the same function.
 */

type Fields = Record<string, string | File>;

/** A form post to a page, as the browser sends it (multipart when it carries a file). */
async function post(path: string, fields: Fields | string, cookie?: string) {
  // Remix compares the Origin with the Host before it runs a page action.
  const headers: Record<string, string> = { Origin: ORIGIN, Host: "localhost" };
  if (cookie) headers.Cookie = cookie;
  let body: BodyInit;
  if (typeof fields === "string") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = fields;
  } else if (Object.values(fields).some((value) => typeof value !== "string")) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    body = form;
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(fields as Record<string, string>).toString();
  }
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    setCookie: response.headers.get("Set-Cookie") ?? "",
    text: await response.text(),
  };
}

/** The booking form's fields as the page posts them (strings; ticked boxes send "on"). */
const bookingForm = (overrides: Fields = {}): Fields => {
  const { isFragile: _fragile, ...body } = bookingBody();
  return {
    intent: "book",
    idempotencyKey: crypto.randomUUID(),
    ...(body as Record<string, string>),
    notifyRecipient: "on",
    paymentMethod: "cash",
    ...overrides,
  };
};

const deliveriesOf = async (customerId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, status, notify_recipient, pickup_city, total_fee FROM deliveries WHERE customer_id = ?",
    )
      .bind(customerId)
      .all<{ id: string; status: string; notify_recipient: number; pickup_city: string; total_fee: number }>()
  ).results;

describe("POST /booking (the booking form)", () => {
  it("books through the same function as POST /api/deliveries and redirects to /booking with its toast", async () => {
    const { user, cookie } = await signedIn("user");
    const answer = await post("/booking", bookingForm(), cookie);
    expect(answer.status).toBe(302);
    const [booked] = await deliveriesOf(user.id);
    // Back to /booking, landing at the new booking (shown at the top, with its tracking link).
    expect(answer.location).toBe(`/booking?booked=${booked!.id}#booked`);
    expect(answer.setCookie).toMatch(/toast/i);
    expect(booked).toMatchObject({
      status: "pending",
      notify_recipient: 1,
      pickup_city: "Makati, Metro Manila",
      total_fee: 13600,
    });
    // The next page shows it, with the toast the server put into words.
    const page = await SELF.fetch(`${ORIGIN}/booking`, {
      headers: { Cookie: `${cookie}; ${answer.setCookie.split(";")[0]}` },
    });
    const html = await page.text();
    expect(html).toContain("12 Jupiter St, Bel-Air");
    expect(html).toContain("Delivery booking created successfully!");
  });

  it("books once for a double submit (the key made at render time), and the page makes a new key each time", async () => {
    const { user, cookie } = await signedIn("user");
    const form = bookingForm();
    const [first, second] = await Promise.all([post("/booking", form, cookie), post("/booking", form, cookie)]);
    const third = await post("/booking", form, cookie);
    expect(await deliveriesOf(user.id)).toHaveLength(1);
    // The first is booked; a second sent while it runs is told to wait, one sent later gets the same redirect.
    expect([first.status, second.status].sort()).toEqual(expect.arrayContaining([302]));
    expect([302, 409]).toContain(second.status);
    expect(third.status).toBe(302);
    expect(third.location).toBe(`/booking?booked=${(await deliveriesOf(user.id))[0]!.id}#booked`);
    const keys = async () =>
      /name="idempotencyKey" value="([^"]+)"/.exec(
        await (await SELF.fetch(`${ORIGIN}/booking`, { headers: { Cookie: cookie } })).text(),
      )?.[1];
    const [a, b] = [await keys(), await keys()];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it("refuses an empty address with its message (400, the form shown again, nothing booked)", async () => {
    const { user, cookie } = await signedIn("user");
    const answer = await post("/booking", bookingForm({ pickupAddress: "  ", dropoffPhone: "12" }), cookie);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Pickup address is required");
    expect(answer.text).toContain("45 Katipunan Ave, Loyola Heights");
    expect(await deliveriesOf(user.id)).toHaveLength(0);
  });

  it("reads an unticked box as off, and a typed city (no JavaScript to pick it) as the city it names", async () => {
    const { user, cookie } = await signedIn("user");
    const { notifyRecipient: _on, pickupCity: _city, ...rest } = bookingForm();
    const answer = await post("/booking", { ...rest, pickupCity: "", pickupCityText: "makati" }, cookie);
    expect(answer.status).toBe(302);
    expect(await deliveriesOf(user.id)).toEqual([
      expect.objectContaining({ notify_recipient: 0, pickup_city: "Makati, Metro Manila" }),
    ]);
    const unknown = await post("/booking", { ...rest, pickupCity: "", pickupCityText: "Atlantis" }, cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("from the list");
  });

  it("takes a city typed in full, lists the places a name may mean, and books the one chosen from them", async () => {
    const { user, cookie } = await signedIn("user");
    const { dropoffCity: _city, ...rest } = bookingForm();
    const typed = await post(
      "/booking",
      { ...rest, dropoffCity: "", dropoffCityText: "quezon city, metro manila" },
      cookie,
    );
    expect(typed.status).toBe(302);
    expect(typed.location).toMatch(/^\/booking\?booked=[^#]+#booked$/);
    // "Calamba" is Calamba City, Laguna and Calamba, Misamis Occidental: asked, with both listed.
    const ambiguous = await post("/booking", { ...rest, dropoffCity: "", dropoffCityText: "Calamba" }, cookie);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.text).toContain("Dropoff city must be chosen from the list");
    expect(ambiguous.text).toContain('value="Calamba City, Laguna"');
    expect(ambiguous.text).toContain('value="Calamba, Misamis Occidental"');
    const chosen = await post(
      "/booking",
      {
        ...rest,
        dropoffCity: "",
        idempotencyKey: crypto.randomUUID(),
        dropoffCityText: "Calamba",
        dropoffCityChoice: "Calamba City, Laguna",
      },
      cookie,
    );
    expect(chosen.status).toBe(302);
    const cities = await env.DB.prepare("SELECT dropoff_city FROM deliveries WHERE customer_id = ?")
      .bind(user.id)
      .all<{ dropoff_city: string }>();
    expect(cities.results.map((row) => row.dropoff_city).sort()).toEqual([
      "Calamba City, Laguna",
      "Quezon City, Metro Manila",
    ]);
  });

  it("counts an emoji as one character against a note's limit of 500", async () => {
    const { user, cookie } = await signedIn("user");
    const atLimit = await post("/booking", bookingForm({ pickupNotes: "🙂".repeat(500) }), cookie);
    expect(atLimit.status).toBe(302);
    const over = await post("/booking", bookingForm({ pickupNotes: "🙂".repeat(501) }), cookie);
    expect(over.status).toBe(400);
    expect(over.text).toContain("Keep the pickup notes to at most 500 characters.");
    const notes = await env.DB.prepare("SELECT pickup_notes FROM deliveries WHERE customer_id = ?")
      .bind(user.id)
      .all<{ pickup_notes: string }>();
    expect(notes.results).toEqual([{ pickup_notes: "🙂".repeat(500) }]);
  });

  it("'See the price' answers the server's quote on the page without booking", async () => {
    const { user, cookie } = await signedIn("user");
    const answer = await post("/booking", bookingForm({ intent: "quote" }), cookie);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("₱136.00");
    expect(answer.text).toContain("about 11.6 km");
    expect(await deliveriesOf(user.id)).toHaveLength(0);
    const missing = await post("/booking", bookingForm({ intent: "quote", dropoffCity: "" }), cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Dropoff city is required");
  });

  it("never answers 500: an unknown intent, a JSON body, garbage, a bad key", async () => {
    const { user, cookie } = await signedIn("user");
    expect((await post("/booking", bookingForm({ intent: "explode" }), cookie)).status).toBe(400);
    expect((await post("/booking", "%%%&&&==", cookie)).status).toBe(400);
    const json = await SELF.fetch(`${ORIGIN}/booking`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(bookingBody()),
      redirect: "manual",
    });
    expect(json.status).toBe(400);
    expect((await post("/booking", bookingForm({ idempotencyKey: "ä".repeat(80) }), cookie)).status).toBe(400);
    expect(await deliveriesOf(user.id)).toHaveLength(0);
  });

  it("answers each caller as POST /api/deliveries does: anonymous is sent home, riders and admins as the API decides", async () => {
    const anonymous = await post("/booking", bookingForm());
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/");
    expect(anonymous.setCookie).toMatch(/toast/i);
    for (const role of ["user", "rider", "admin"] as const) {
      const caller = await signedIn(role);
      const viaApi = await api("/api/deliveries", { cookie: caller.cookie, body: bookingBody() });
      const viaPage = await post("/booking", bookingForm(), caller.cookie);
      expect(viaPage.status, role).toBe(viaApi.status === 201 ? 302 : viaApi.status);
    }
  });
});

describe("POST /tracking/{id} (Cancel and Rate)", () => {
  it("cancels with the fee shown, back to the page it came from (a path of this site only)", async () => {
    const { user, cookie } = await signedIn("user");
    const delivery = await insertDelivery({ customerId: user.id, createdAt: new Date() });
    const page = await (await SELF.fetch(`${ORIGIN}/tracking/${delivery.id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('data-testid="cancellation-fee">₱0.00');
    const answer = await post(
      `/tracking/${delivery.id}`,
      { intent: "cancel", status: "cancelled", cancellationFee: "0", redirectTo: "/booking" },
      cookie,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/booking");
    expect((await deliveriesOf(user.id))[0]!.status).toBe("cancelled");

    const other = await insertDelivery({ customerId: user.id, createdAt: new Date() });
    const offSite = await post(
      `/tracking/${other.id}`,
      { intent: "cancel", status: "cancelled", cancellationFee: "0", redirectTo: "//evil.example/x" },
      cookie,
    );
    expect(offSite.location).toBe(`/tracking/${other.id}`);
  });

  it("refuses a malformed fee (400) and a fee that is no longer the one that applies (409), cancelling nothing", async () => {
    const { user, cookie } = await signedIn("user");
    const delivery = await insertDelivery({ customerId: user.id, createdAt: new Date() });
    const malformed = await post(
      `/tracking/${delivery.id}`,
      { intent: "cancel", status: "cancelled", cancellationFee: "abc" },
      cookie,
    );
    expect(malformed.status).toBe(400);
    const changed = await post(
      `/tracking/${delivery.id}`,
      { intent: "cancel", status: "cancelled", cancellationFee: "50" },
      cookie,
    );
    expect(changed.status).toBe(409);
    expect(changed.text).toMatch(/fee/i);
    const notCancel = await post(`/tracking/${delivery.id}`, { intent: "cancel", status: "delivered" }, cookie);
    expect(notCancel.status).toBe(400);
    expect((await post(`/tracking/${delivery.id}`, { intent: "nope" }, cookie)).status).toBe(400);
    expect((await post(`/tracking/${delivery.id}`, "%%%", cookie)).status).toBe(400);
    expect((await deliveriesOf(user.id))[0]!.status).toBe("pending");
  });

  it("cancels for exactly the callers POST /api/deliveries/{id}/status lets cancel", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const callers: [string, string | undefined][] = [
      ["anonymous", undefined],
      ["other customer", (await signedIn("user")).cookie],
      ["assigned rider", rider.cookie],
      ["other rider", (await signedIn("rider")).cookie],
      ["admin", (await signedIn("admin")).cookie],
      ["customer", customer.cookie],
    ];
    for (const [who, cookie] of callers) {
      const viaPage = await insertDelivery({
        customerId: customer.user.id,
        ...historyFor("assigned", rider.user.id, Date.now()),
        assignedAt: new Date(),
      });
      const viaApi = await insertDelivery({
        customerId: customer.user.id,
        ...historyFor("assigned", rider.user.id, Date.now()),
        assignedAt: new Date(),
      });
      const apiAnswer = await api(`/api/deliveries/${viaApi.id}/status`, { cookie, body: { status: "cancelled" } });
      const pageAnswer = await post(`/tracking/${viaPage.id}`, { intent: "cancel", status: "cancelled" }, cookie);
      expect(pageAnswer.status, who).toBe(apiAnswer.status === 200 ? 302 : apiAnswer.status);
      expect(pageAnswer.status, who).not.toBe(500);
    }
  });

  it("rates a delivered delivery once (1-5 stars), with its messages for a bad rating", async () => {
    const { user, cookie } = await signedIn("user");
    const rider = await signedIn("rider");
    const delivery = await insertDelivery({ customerId: user.id, ...historyFor("delivered", rider.user.id) });
    const tooMany = await post(`/tracking/${delivery.id}`, { intent: "rate", stars: "7", comment: "" }, cookie);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("Choose a whole number of stars from 1 to 5.");
    const none = await post(`/tracking/${delivery.id}`, { intent: "rate" }, cookie);
    expect(none.status).toBe(400);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM delivery_ratings WHERE delivery_id = ?")
        .bind(delivery.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);

    const rated = await post(`/tracking/${delivery.id}`, { intent: "rate", stars: "4", comment: "Mabilis!" }, cookie);
    expect(rated.status).toBe(302);
    expect(rated.location).toBe(`/tracking/${delivery.id}`);
    expect(
      await env.DB.prepare("SELECT stars, comment FROM delivery_ratings WHERE delivery_id = ?")
        .bind(delivery.id)
        .first(),
    ).toEqual({ stars: 4, comment: "Mabilis!" });
    expect((await post(`/tracking/${delivery.id}`, { intent: "rate", stars: "5" }, cookie)).status).toBe(409);
  });

  it("rates for exactly the callers POST /api/deliveries/{id}/rating lets rate", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const callers: [string, string | undefined][] = [
      ["anonymous", undefined],
      ["other customer", (await signedIn("user")).cookie],
      ["rider", rider.cookie],
      ["admin", (await signedIn("admin")).cookie],
      ["customer", customer.cookie],
    ];
    for (const [who, cookie] of callers) {
      const viaPage = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
      const viaApi = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
      const apiAnswer = await api(`/api/deliveries/${viaApi.id}/rating`, { cookie, body: { stars: 5 } });
      const pageAnswer = await post(`/tracking/${viaPage.id}`, { intent: "rate", stars: "5" }, cookie);
      expect(pageAnswer.status, who).toBe(apiAnswer.status === 201 ? 302 : apiAnswer.status);
    }
  });
});

describe("POST /settings (profile, role, delete, ID upload)", () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(1)]);
  const userRow = (id: string) =>
    env.DB.prepare("SELECT first_name, last_name, email, role, deactivated_at FROM users WHERE id = ?")
      .bind(id)
      .first<Record<string, unknown>>();

  it("saves the profile (302 with the toast) and refuses a blank first name (400, unchanged)", async () => {
    const { user, cookie } = await signedIn("user");
    const saved = await post(
      "/settings",
      { intent: "profile", firstName: "Maria", lastName: "Santos", email: "", language: "en" },
      cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/settings");
    expect(await userRow(user.id)).toMatchObject({ first_name: "Maria", last_name: "Santos", email: null });
    const blank = await post(
      "/settings",
      { intent: "profile", firstName: " ", lastName: "Cruz", email: "nope" },
      cookie,
    );
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("First name is required");
    expect(await userRow(user.id)).toMatchObject({ first_name: "Maria", last_name: "Santos" });
  });

  it("refuses the rider role to a customer who has not applied (403, its message) and takes an unknown role as 400", async () => {
    const { user, cookie } = await signedIn("user");
    const refused = await post("/settings", { intent: "role", role: "rider" }, cookie);
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/become a rider|Apply/i);
    expect((await post("/settings", { intent: "role", role: "king" }, cookie)).status).toBe(400);
    expect((await post("/settings", { intent: "role", role: "admin" }, cookie)).status).toBe(403);
    expect((await userRow(user.id))!.role).toBe("user");
  });

  it("deletes the account only when confirmed, signs out and goes home", async () => {
    const { user, cookie } = await signedIn("user");
    expect((await post("/settings", { intent: "delete" }, cookie)).status).toBe(400);
    expect((await userRow(user.id))!.deactivated_at).toBeNull();
    const deleted = await post("/settings", { intent: "delete", confirm: "on" }, cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/");
    expect(deleted.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await userRow(user.id))!.deactivated_at).not.toBeNull();
  });

  it("uploads an ID photo to R2 as multipart, and refuses a file that is not a photo (400, nothing stored)", async () => {
    const { user, cookie } = await signedIn("user");
    const wrong = await post(
      "/settings",
      {
        intent: "idDiscount",
        kind: "pwd",
        photo: new File([new TextEncoder().encode("%PDF-1.4")], "id.jpg", { type: "image/jpeg" }),
      },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("JPEG or PNG");
    const none = await post("/settings", { intent: "idDiscount", kind: "pwd" }, cookie);
    expect(none.status).toBe(400);
    const uploaded = await post(
      "/settings",
      { intent: "idDiscount", kind: "pwd", photo: new File([PNG as BlobPart], "id.png", { type: "image/png" }) },
      cookie,
    );
    expect(uploaded.status).toBe(302);
    const row = await env.DB.prepare("SELECT kind, status, object_key FROM id_discounts WHERE user_id = ?")
      .bind(user.id)
      .first<{ kind: string; status: string; object_key: string }>();
    expect(row).toMatchObject({ kind: "pwd", status: "pending" });
    expect(await env.ID_DOCUMENTS.get(row!.object_key)).not.toBeNull();
  });

  it("answers anonymous posts 401, an unknown intent 400, and never 500", async () => {
    expect((await post("/settings", { intent: "profile", firstName: "A", lastName: "B" })).status).toBe(401);
    const { cookie } = await signedIn("rider");
    expect((await post("/settings", { intent: "whatever" }, cookie)).status).toBe(400);
    expect((await post("/settings", "%%%", cookie)).status).toBe(400);
    const admin = await signedIn("admin");
    expect(
      (await post("/settings", { intent: "profile", firstName: "Ana", lastName: "Reyes" }, admin.cookie)).status,
    ).toBe(302);
  });
});
