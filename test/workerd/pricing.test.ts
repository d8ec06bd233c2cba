import { describe, expect, it } from "vitest";
import { api, signedIn } from "./helpers";

const calculate = (body: unknown, cookie?: string) => api("/api/pricing/calculate", { body, cookie });

describe("POST /api/pricing/calculate", () => {
  it("answers 401 to an anonymous caller", async () => {
    const res = await calculate({ distance: 3.2, packageSize: "small" });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: "Unauthorized", code: "server.http.unauthorized" });
  });

  it("prices a plain {distance, packageSize} by the rate card, in pesos", async () => {
    const { cookie } = await signedIn("user");
    const small = await calculate({ distance: 3.2, packageSize: "small" }, cookie);
    expect(small.status).toBe(200);
    expect(small.json).toEqual({
      baseFare: 40,
      distanceFee: 12,
      sizeFee: 0,
      total: 52,
      fare: 52,
      idDiscount: null,
      promo: null,
      peakSurcharge: 0,
      owedFee: 0,
      distance: "3.2",
      estimatedDuration: "7 mins",
      approximate: false,
    });
    const large = await calculate({ distance: 25, packageSize: "large" }, cookie);
    expect(large.json).toMatchObject({
      baseFare: 40,
      distanceFee: 230,
      sizeFee: 50,
      total: 320,
      estimatedDuration: "50 mins",
    });
  });

  it("measures the distance itself when given the two cities, whatever distance is sent", async () => {
    const { cookie } = await signedIn("rider");
    const res = await calculate(
      {
        distance: 3.2,
        packageSize: "medium",
        pickupCity: "Makati, Metro Manila",
        dropoffCity: "Quezon City, Metro Manila",
        pickupAddress: "1 Ayala Ave",
        dropoffAddress: "2 Katipunan Ave",
      },
      cookie,
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      baseFare: 40,
      distanceFee: 96,
      sizeFee: 20,
      total: 156,
      fare: 156,
      idDiscount: null,
      promo: null,
      peakSurcharge: 0,
      owedFee: 0,
      distance: "11.6",
      estimatedDuration: "24 mins",
      approximate: true,
    });
  });

  it("uses 3.2 km within one city", async () => {
    const { cookie } = await signedIn("user");
    const res = await calculate(
      { packageSize: "small", pickupCity: "Davao City, Davao del Sur", dropoffCity: "Davao City, Davao del Sur" },
      cookie,
    );
    expect(res.json).toMatchObject({ distance: "3.2", total: 52 });
  });

  it("refuses bad input with a 400 naming the problem, never a 500", async () => {
    const { cookie } = await signedIn("user");
    const cases: [unknown, string, string][] = [
      [{ packageSize: "small" }, "distance", "Send the distance in km, or both the pickup and the dropoff city."],
      [{ distance: 3.2, packageSize: "huge" }, "packageSize", "Choose a package size: small, medium or large."],
      [{ distance: -1, packageSize: "small" }, "distance", "Enter a distance of 0 km or more."],
      [
        { packageSize: "small", pickupCity: "Makati", dropoffCity: "Quezon City, Metro Manila" },
        "pickupCity",
        "Pickup city must be chosen from the list (e.g., Makati, Metro Manila)",
      ],
      [{ packageSize: "small", pickupCity: "Makati, Metro Manila" }, "dropoffCity", "Dropoff city is required"],
    ];
    for (const [body, field, message] of cases) {
      const res = await calculate(body, cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors[field], JSON.stringify(body)).toContain(message);
    }
    const malformed = await api("/api/pricing/calculate", { rawBody: "{not json", cookie });
    expect(malformed.status).toBe(400);
  });
});
