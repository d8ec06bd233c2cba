import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries, users } from "~/db/schema";
import { riderApplicationSchema } from "~/riders/rider-application";
import { bookingBody } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";

/**
 * Bad and unusual text through every free-text field: refused with a 400 naming the field, or
 * stored exactly as sent; never mangled, never a 500.
 */
const CASES: { name: string; value: string; accepted: boolean }[] = [
  { name: "NUL", value: "Block 5\u0000Lot 2", accepted: false },
  { name: "right-to-left override", value: "Unit 3 \u202Egnirts", accepted: false },
  { name: "lone surrogate", value: "Street \uD800 corner", accepted: false },
  { name: "10,000 characters", value: "a".repeat(10_000), accepted: false },
  { name: "emoji", value: "Pink gate 🌸🏍️ beside the sari-sari store", accepted: true },
  { name: "Filipino name with ñ", value: "Santo Niño Dela Peña-Ñañez", accepted: true },
];

const BOOKING_FIELDS = [
  { field: "pickupAddress", label: "Pickup address" },
  { field: "dropoffAddress", label: "Dropoff address" },
  { field: "pickupNotes", label: "Pickup notes" },
  { field: "dropoffNotes", label: "Dropoff notes" },
  { field: "packageDescription", label: "Package description" },
] as const;

describe("free text through every field", () => {
  it("booking: addresses, notes and the package description", async () => {
    const { cookie } = await signedIn("user");
    for (const { field, label } of BOOKING_FIELDS) {
      for (const sample of CASES) {
        const response = await api("/api/deliveries", { cookie, body: bookingBody({ [field]: sample.value }) });
        const what = `${field} with ${sample.name}`;
        if (!sample.accepted) {
          expect(response.status, what).toBe(400);
          expect(Object.keys(response.json.errors), what).toEqual([field]);
          expect(response.json.errors[field][0], what).toMatch(new RegExp(label, "i"));
          continue;
        }
        expect(response.status, what).toBe(201);
        const [row] = await db().select().from(deliveries).where(eq(deliveries.id, response.json.id));
        expect(row![field], what).toBe(sample.value);
      }
    }
  }, 60_000);

  it("profile: first and last name", async () => {
    const { cookie, user } = await signedIn("user");
    for (const field of ["firstName", "lastName"] as const) {
      for (const sample of CASES) {
        const value = sample.value.length > 50 || !sample.accepted ? sample.value : sample.value.slice(0, 50);
        const response = await api("/api/auth/user/profile", {
          method: "PATCH",
          cookie,
          body: { firstName: "Maria", lastName: "Santos", [field]: value },
        });
        const what = `${field} with ${sample.name}`;
        if (!sample.accepted) {
          expect(response.status, what).toBe(400);
          expect(Object.keys(response.json.errors), what).toEqual([field]);
          continue;
        }
        expect(response.status, what).toBe(200);
        const [row] = await db().select().from(users).where(eq(users.id, user.id));
        expect(row![field], what).toBe(value);
      }
    }
  });

  it("pricing: addresses are checked though not stored", async () => {
    const { cookie } = await signedIn("user");
    for (const field of ["pickupAddress", "dropoffAddress"]) {
      for (const sample of CASES) {
        const body = {
          packageSize: "small",
          pickupCity: "Makati, Metro Manila",
          dropoffCity: "Quezon City, Metro Manila",
          [field]: sample.value,
        };
        const response = await api("/api/pricing/calculate", { cookie, body });
        expect(response.status, `${field} with ${sample.name}`).toBe(sample.accepted ? 200 : 400);
      }
    }
  });

  it("rider application: full name and referral code (the page's own schema)", () => {
    const base = { fullName: "Juan Dela Cruz", mobile: "09171234567", city: "manila", hasMotorcycle: "yes" };
    for (const field of ["fullName", "referralCode"] as const) {
      for (const sample of CASES) {
        const value = sample.accepted ? sample.value.slice(0, 32) : sample.value;
        const result = riderApplicationSchema.safeParse({ ...base, [field]: value });
        expect(result.success, `${field} with ${sample.name}`).toBe(sample.accepted);
        if (result.success) expect(result.data[field]).toBe(value);
      }
    }
  });

  it("stores text NFC-normalised", async () => {
    const { cookie, user } = await signedIn("user");
    const decomposed = "Pen\u0303a";
    expect(
      (
        await api("/api/auth/user/profile", {
          method: "PATCH",
          cookie,
          body: { firstName: "Maria", lastName: decomposed },
        })
      ).status,
    ).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.lastName).toBe("Peña");
  });
});
