import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { fillIn } from "~/i18n/message-patterns";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, signedIn, type ApiOptions } from "./helpers";

type ServerId = keyof typeof CATALOGS.legacyServer.en;
const fil = CATALOGS.legacyServer.fil as Record<ServerId, string>;

/**
 * Sends the same refused call as an English caller and as a Filipino one (the `lang` cookie beside
 * the session) and checks both answers: the same status, the English the code writes, and the
 * Filipino catalog's text with the same values. A refusal changes nothing, so sending it twice is
 * harmless.
 */
async function refusedInBoth(path: string, options: ApiOptions, status: number, id: ServerId, values: Record<string, string> = {}) {
  const english = await api(path, options);
  const cookie = options.cookie ? `${options.cookie}; lang=fil` : "lang=fil";
  const filipino = await api(path, { ...options, cookie });
  expect(english.status, `${path} (English): ${english.text}`).toBe(status);
  expect(filipino.status, `${path} (Filipino): ${filipino.text}`).toBe(status);
  expect(english.json.message, path).toBe(fillIn(id, values));
  expect(filipino.json.message, path).toBe(fillIn(fil[id], values));
  expect(filipino.json.message, `${path}: a translation, not the English`).not.toBe(english.json.message);
  return { english, filipino };
}

describe("API refusals in the caller's language", () => {
  it("auth: 401, 403 and body refusals", async () => {
    // Messages by id now (issue 28): the catalogs' `server` texts, with the same values in both languages.
    const byId = async (path: string, options: ApiOptions, status: number, id: keyof typeof CATALOGS.server.en, values: Record<string, string> = {}) => {
      const english = await api(path, options);
      const filipino = await api(path, { ...options, cookie: options.cookie ? `${options.cookie}; lang=fil` : "lang=fil" });
      expect([english.status, filipino.status], path).toEqual([status, status]);
      expect(english.json).toMatchObject({ code: `server.${id}`, error: fillIn(CATALOGS.server.en[id], values) });
      expect(filipino.json).toMatchObject({ code: `server.${id}`, error: fillIn(CATALOGS.server.fil[id], values) });
    };
    await byId("/api/deliveries/my", {}, 401, "http.unauthorized");
    const customer = await signedIn("user");
    await byId("/api/admin/stats", { cookie: customer.cookie }, 403, "http.forbidden");
    await byId("/api/auth/user/role", { cookie: customer.cookie, method: "PATCH", body: { role: "superuser" } }, 400, "auth.roleInvalid");
    await byId("/api/auth/user/role", { cookie: customer.cookie, method: "PATCH", body: { role: "rider" } }, 403, "auth.applyFirst");
    await byId("/api/deliveries/my?cursor=nonsense", { cookie: customer.cookie }, 400, "http.cursorInvalid");
  });

  it("a Filipino account's setting is enough, without the cookie, and field errors are translated too", async () => {
    const { cookie } = await signedIn("user", { language: "fil" });
    const answer = await api("/api/deliveries", { cookie, body: bookingBody({ pickupAddress: "", promoCode: 42 }) });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(fil["Pickup address is required"]);
    expect(answer.json.errors.pickupAddress).toEqual([fil["Pickup address is required"]]);
    expect(answer.json.errors.promoCode).toEqual([fil["Promo code must be text"]]);
  });

  it("booking and pricing: 400s naming the field, free text, promo codes, payment", async () => {
    const customer = await signedIn("user");
    const book = (overrides: Record<string, unknown>) => ({ cookie: customer.cookie, body: bookingBody(overrides) });
    await refusedInBoth("/api/deliveries", book({ pickupAddress: "" }), 400, "Pickup address is required");
    await refusedInBoth("/api/deliveries", book({ dropoffCity: "Atlantis" }), 400, "Dropoff city must be chosen from the list (e.g., Makati, Metro Manila)");
    await refusedInBoth("/api/deliveries", book({ pickupAddress: "12 Jupiter St \u202E" }), 400, "{label} must not contain text-direction control characters", {
      label: "Pickup address",
    });
    await refusedInBoth("/api/deliveries", book({ promoCode: "NOSUCHCODE" }), 400, "This promo code does not exist.");
    await refusedInBoth("/api/deliveries", book({ paymentMethod: "invoice" }), 400, "Invoice is only for customers of a business partner. Please choose another payment method.");
    await refusedInBoth("/api/pricing/calculate", { cookie: customer.cookie, body: { distance: -1, packageSize: "small" } }, 400, "Distance cannot be negative");
  });

  it("rider operations: 409 state refusals, offline, handover body", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const other = await signedIn("rider");
    const taken = await insertDelivery({ customerId: customer.user.id, status: "assigned", riderId: other.user.id, assignedAt: new Date() });
    await refusedInBoth(`/api/deliveries/${taken.id}/accept`, { cookie: rider.cookie, method: "POST" }, 409, "This delivery has already been accepted by another rider");
    const pending = await insertDelivery({ customerId: customer.user.id });
    await refusedInBoth(`/api/deliveries/${taken.id}/status`, { cookie: other.cookie, body: { status: "in_transit" } }, 409, "Cannot change a delivery from {from} to {to}", {
      from: "Assigned",
      to: "In Transit",
    });
    await refusedInBoth(`/api/deliveries/${taken.id}/status`, { cookie: other.cookie, body: { status: "delivered", handoverCode: "1234", handoverNote: "left at the gate" } }, 400, "Give either handoverCode or handoverNote, not both");
    await refusedInBoth(`/api/deliveries/${pending.id}/rating`, { cookie: customer.cookie, body: { stars: 5 } }, 409, "Only a delivered delivery can be rated");
    const offline = await signedIn("rider", { riderOnline: false });
    await refusedInBoth(`/api/deliveries/${pending.id}/accept`, { cookie: offline.cookie, method: "POST" }, 409, "You are offline. Go online to see and accept deliveries.");
  });

  it("admin: a rider that is not suspended (money refusals: money-messages.test.ts)", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    // By message id (issue 28): the server catalog's English and Filipino.
    const reactivate = `/api/admin/riders/${rider.user.id}/reactivate`;
    const notSuspended = { status: 409, json: { code: "server.riders.notSuspended" } };
    expect(await api(reactivate, { cookie: admin.cookie, method: "POST" })).toMatchObject({ ...notSuspended, json: { ...notSuspended.json, message: CATALOGS.server.en["riders.notSuspended"] } });
    expect(await api(reactivate, { cookie: `${admin.cookie}; lang=fil`, method: "POST" })).toMatchObject({ ...notSuspended, json: { ...notSuspended.json, message: CATALOGS.server.fil["riders.notSuspended"] } });
  });
});

describe("the server catalog", () => {
  it("prefers the most specific English: a named field's own message over the general one", async () => {
    const { translateServerMessage } = await import("~/i18n/server-messages.server");
    expect(translateServerMessage("Pickup address must be at most 200 characters", "fil")).toBe(fillIn(fil["Pickup address must be at most {max} characters"], { max: "200" }));
    expect(translateServerMessage("note must be at most 500 characters", "fil")).toBe(fillIn(fil["{field} must be at most {max} characters"], { field: "note", max: "500" }));
    expect(translateServerMessage("Cannot change a delivery from Pending to Assigned: riders take a delivery by accepting it", "fil")).toBe(
      fillIn(fil["Cannot change a delivery from {from} to {to}: riders take a delivery by accepting it"], { from: "Pending", to: "Assigned" }),
    );
  });
});
