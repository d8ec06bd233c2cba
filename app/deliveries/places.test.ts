import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { fillIn } from "~/i18n/fill-in";
import { placePoint } from "~/tracking/map-points";
import { translateMessage } from "~/i18n/i18n.server";
import { addressMessage, isUsableAddress, isWithinReach, tooFarMessage } from "./booking-rules";
import { aboutText, isPrecisePickup, navigateUrl } from "./places";

describe("approximate places", () => {
  it("Navigate opens the address text for an approximate point, directions to the point only when it is precise", () => {
    const address = "12 Maginhawa St, Quezon City, Metro Manila";
    expect(navigateUrl({ latitude: "14.676000", longitude: "121.043700", approximate: true }, address)).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20Maginhawa%20St%2C%20Quezon%20City%2C%20Metro%20Manila",
    );
    expect(navigateUrl({ latitude: null, longitude: null, approximate: false }, address)).toContain(
      "/maps/search/?api=1&query=12%20Maginhawa",
    );
    expect(navigateUrl({ latitude: "14.650100", longitude: "121.049200", approximate: false }, address)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=14.650100%2C121.049200&travelmode=driving",
    );
  });

  it("the pickup fee needs a precise pickup point", () => {
    expect(isPrecisePickup({ pickupLatitude: 14.65, pickupLongitude: 121.04, pickupApproximate: false })).toBe(true);
    expect(isPrecisePickup({ pickupLatitude: 14.65, pickupLongitude: 121.04, pickupApproximate: true })).toBe(false);
    expect(isPrecisePickup({ pickupLatitude: null, pickupLongitude: null, pickupApproximate: false })).toBe(false);
  });

  it("distances and times between approximate points read 'about', in English and Filipino", () => {
    expect(aboutText("8 km", true)).toBe("about 8 km");
    expect(aboutText("16 mins", true)).toBe("about 16 mins");
    expect(aboutText("8 km", false)).toBe("8 km");
    const fil = (value: string) => fillIn(CATALOGS.app.fil["place.about"], { value });
    expect(aboutText("8 km", true, fil)).toBe("mga 8 km");
    expect(CATALOGS.app.en["place.about"]).toBe("about {value}");
  });

  it("the map shows an approximate point as its city's label", () => {
    expect(placePoint("14.676000", "121.043700", "Quezon City, Metro Manila")).toEqual({
      latitude: 14.676,
      longitude: 121.0437,
      approximate: "Quezon City",
    });
    expect(placePoint(14.5, 121, null)).toEqual({ latitude: 14.5, longitude: 121 });
    expect(placePoint(null, 121, "Makati, Metro Manila")).toBeNull();
  });
});

describe("what can be booked", () => {
  it("addresses need at least 5 characters with a letter", () => {
    for (const bad of ["x", "y", "12345", "  ab  ", "1234 "]) expect(isUsableAddress(bad), bad).toBe(false);
    for (const good of ["Blk 5", "SM North", "12 Maginhawa St", "Unit 3, Bldg Ñ"])
      expect(isUsableAddress(good), good).toBe(true);
    expect(translateMessage("en", addressMessage("pickup"))).toBe(
      "Pickup address must have at least 5 characters, with a street or place name (e.g., 12 Maginhawa St)",
    );
  });

  it("a trip may be at most the setting's km, and the refusal names it", () => {
    expect(isWithinReach(60, 60)).toBe(true);
    expect(isWithinReach(60.1, 60)).toBe(false);
    expect(translateMessage("en", tooFarMessage(60))).toBe("This is too far for one delivery (60 km at most).");
    expect(translateMessage("fil", tooFarMessage(25))).toBe(
      "Masyadong malayo ito para sa isang delivery (hanggang 25 km lang).",
    );
  });
});
