import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { fillIn } from "~/i18n/fill-in";
import { translate, translateMessage } from "~/i18n/i18n.server";
import { word, type AnyMessageId } from "~/i18n/message";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, signedIn, type ApiOptions } from "./helpers";

type ServerMessageId = `server.${Extract<keyof typeof CATALOGS.server.en, string>}`;
type Said = string | number | { word: AnyMessageId };

/**
 * The same check for a refusal given an id: `error` is the catalog's text in each
 * language, word values (statuses, …) translated too, and `code` the id.
 */
async function refusedInBothById(
  path: string,
  options: ApiOptions,
  status: number,
  id: ServerMessageId,
  values: Record<string, Said> = {},
) {
  const english = await api(path, options);
  const cookie = options.cookie ? `${options.cookie}; lang=fil` : "lang=fil";
  const filipino = await api(path, { ...options, cookie });
  const inWords = (language: "en" | "fil") =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === "object" ? translateMessage(language, word(value.word)) : value,
      ]),
    );
  expect(english.status, `${path} (English): ${english.text}`).toBe(status);
  expect(filipino.status, `${path} (Filipino): ${filipino.text}`).toBe(status);
  expect(english.json, path).toMatchObject({ code: id, error: translate("en", id, inWords("en")) });
  expect(filipino.json, path).toMatchObject({ code: id, error: translate("fil", id, inWords("fil")) });
  expect(filipino.json.error, `${path}: a translation, not the English`).not.toBe(english.json.error);
  return { english, filipino };
}

describe("API refusals in the caller's language", () => {
  it("auth: 401, 403 and body refusals", async () => {
    // Messages by id now: the catalogs' `server` texts, with the same values in both languages.
    const byId = async (
      path: string,
      options: ApiOptions,
      status: number,
      id: keyof typeof CATALOGS.server.en,
      values: Record<string, string> = {},
    ) => {
      const english = await api(path, options);
      const filipino = await api(path, {
        ...options,
        cookie: options.cookie ? `${options.cookie}; lang=fil` : "lang=fil",
      });
      expect([english.status, filipino.status], path).toEqual([status, status]);
      expect(english.json).toMatchObject({ code: `server.${id}`, error: fillIn(CATALOGS.server.en[id], values) });
      expect(filipino.json).toMatchObject({ code: `server.${id}`, error: fillIn(CATALOGS.server.fil[id], values) });
    };
    await byId("/api/deliveries/my", {}, 401, "http.unauthorized");
    const customer = await signedIn("user");
    await byId("/api/admin/stats", { cookie: customer.cookie }, 403, "http.forbidden");
    await byId(
      "/api/auth/user/role",
      { cookie: customer.cookie, method: "PATCH", body: { role: "superuser" } },
      400,
      "auth.roleInvalid",
    );
    await byId(
      "/api/auth/user/role",
      { cookie: customer.cookie, method: "PATCH", body: { role: "rider" } },
      403,
      "auth.applyFirst",
    );
    await byId("/api/deliveries/my?cursor=nonsense", { cookie: customer.cookie }, 400, "http.cursorInvalid");
  });

  it("a Filipino account's setting is enough, without the cookie, and field errors are translated too", async () => {
    const { cookie } = await signedIn("user", { language: "fil" });
    const answer = await api("/api/deliveries", { cookie, body: bookingBody({ pickupAddress: "", promoCode: 42 }) });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: "server.booking.pickupAddressRequired",
      message: CATALOGS.server.fil["booking.pickupAddressRequired"],
    });
    expect(answer.json.errors.pickupAddress).toEqual([CATALOGS.server.fil["booking.pickupAddressRequired"]]);
    expect(answer.json.errors.promoCode).toEqual([CATALOGS.server.fil["booking.promoText"]]);
  });

  it("booking and pricing: 400s naming the field, free text, promo codes, payment", async () => {
    const customer = await signedIn("user");
    const book = (overrides: Record<string, unknown>) => ({ cookie: customer.cookie, body: bookingBody(overrides) });
    await refusedInBothById(
      "/api/deliveries",
      book({ pickupAddress: "" }),
      400,
      "server.booking.pickupAddressRequired",
    );
    await refusedInBothById(
      "/api/deliveries",
      book({ dropoffCity: "Atlantis" }),
      400,
      "server.booking.dropoffCityFromList",
    );
    await refusedInBothById(
      "/api/deliveries",
      book({ pickupAddress: "12 Jupiter St \u202E" }),
      400,
      "server.validation.textDirection",
      {
        label: { word: "server.validation.field.pickupAddress" },
      },
    );
    await refusedInBothById("/api/deliveries", book({ promoCode: "NOSUCHCODE" }), 400, "server.pricing.promoUnknown");
    await refusedInBothById(
      "/api/deliveries",
      book({ paymentMethod: "invoice" }),
      400,
      "server.booking.invoiceOnlyPartners",
    );
    await refusedInBothById(
      "/api/pricing/calculate",
      { cookie: customer.cookie, body: { distance: -1, packageSize: "small" } },
      400,
      "server.pricing.distanceNegative",
    );
  });

  it("rider operations: 409 state refusals, offline, handover body", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const other = await signedIn("rider");
    const taken = await insertDelivery({
      customerId: customer.user.id,
      status: "assigned",
      riderId: other.user.id,
      assignedAt: new Date(),
    });
    await refusedInBothById(
      `/api/deliveries/${taken.id}/accept`,
      { cookie: rider.cookie, method: "POST" },
      409,
      "server.deliveries.alreadyTaken",
    );
    const pending = await insertDelivery({ customerId: customer.user.id });
    const { english, filipino } = await refusedInBothById(
      `/api/deliveries/${taken.id}/status`,
      { cookie: other.cookie, body: { status: "in_transit" } },
      409,
      "server.deliveries.cannotChange",
      {
        from: { word: "app.status.assigned" },
        to: { word: "app.status.in_transit" },
      },
    );
    // Both statuses as the badges say them, in the reader's language.
    expect(english.json.error).toBe("Cannot change a delivery from Assigned to In Transit");
    expect(filipino.json.error).toBe("Hindi mapapalitan ang delivery mula May rider na papuntang Papunta na");
    await refusedInBothById(
      `/api/deliveries/${taken.id}/status`,
      { cookie: other.cookie, body: { status: "delivered", handoverCode: "1234", handoverNote: "left at the gate" } },
      400,
      "server.deliveries.handover.codeOrNote",
    );
    await refusedInBothById(
      `/api/deliveries/${pending.id}/rating`,
      { cookie: customer.cookie, body: { stars: 5 } },
      409,
      "server.ratings.onlyDelivered",
    );
    const offline = await signedIn("rider", { riderOnline: false });
    await refusedInBothById(
      `/api/deliveries/${pending.id}/accept`,
      { cookie: offline.cookie, method: "POST" },
      409,
      "server.riders.offline",
    );
  });

  it("admin: a rider that is not suspended (money refusals: money-messages.test.ts)", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    // By message id: the server catalog's English and Filipino.
    const reactivate = `/api/admin/riders/${rider.user.id}/reactivate`;
    const notSuspended = { status: 409, json: { code: "server.riders.notSuspended" } };
    expect(await api(reactivate, { cookie: admin.cookie, method: "POST" })).toMatchObject({
      ...notSuspended,
      json: { ...notSuspended.json, message: CATALOGS.server.en["riders.notSuspended"] },
    });
    expect(await api(reactivate, { cookie: `${admin.cookie}; lang=fil`, method: "POST" })).toMatchObject({
      ...notSuspended,
      json: { ...notSuspended.json, message: CATALOGS.server.fil["riders.notSuspended"] },
    });
  });
});
