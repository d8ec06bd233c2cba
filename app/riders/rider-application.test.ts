import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { decodeMessage, encodeMessage } from "~/i18n/message";
import {
  APPLICATION_MESSAGES,
  applicationProblems,
  firstApplicationError,
  NAME_MESSAGES,
  riderApplicationSchema,
} from "./rider-application";

/** An encoded message of the form, in the English catalog's words. */
const english = (encoded: string | null) => {
  const id = decodeMessage(encoded ?? "")?.id ?? "";
  return CATALOGS.server.en[id.replace(/^server\./, "") as keyof typeof CATALOGS.server.en];
};

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: riderApplicationSchema });
}

describe("rider application form", () => {
  it("reports the messages in order as the fields are filled one by one (the name asked in two)", () => {
    const steps: Record<string, string>[] = [
      {},
      { firstName: "Juan" },
      { firstName: "Juan", lastName: "Dela Cruz" },
      { firstName: "Juan", lastName: "Dela Cruz", mobile: "09171234567" },
      { firstName: "Juan", lastName: "Dela Cruz", mobile: "09171234567", city: "cebu" },
    ];
    const messages = steps.map((fields) => {
      const submission = submit(fields);
      expect(submission.status).toBe("error");
      return english(firstApplicationError(submission.status === "error" ? submission.error : null));
    });
    expect(messages).toEqual([
      "Please enter your first name.",
      "Please enter your last name.",
      "Please enter your mobile number.",
      "Please select your city.",
      "Please select if you have a motorcycle.",
    ]);
  });

  it("treats blank names and numbers as empty after trimming", () => {
    const submission = submit({ firstName: "   ", lastName: " ", mobile: "  ", city: "manila", hasMotorcycle: "no" });
    expect(submission.status === "error" && submission.error).toEqual({
      firstName: [NAME_MESSAGES.firstName],
      lastName: [NAME_MESSAGES.lastName],
      mobile: [APPLICATION_MESSAGES.mobile],
    });
    const legacy = submit({ fullName: "   ", mobile: "09171234567", city: "manila", hasMotorcycle: "no" });
    expect(legacy.status === "error" && legacy.error).toEqual({ fullName: [APPLICATION_MESSAGES.fullName] });
  });

  it("refuses a city that is no place of the data, and a motorcycle answer outside the options", () => {
    const submission = submit({ fullName: "Ana", mobile: "09171234567", city: "paris", hasMotorcycle: "maybe" });
    expect(submission.status === "error" && submission.error).toEqual({
      city: [encodeMessage("server.applications.cityUnknown", { city: "paris" })],
      hasMotorcycle: [APPLICATION_MESSAGES.hasMotorcycle],
    });
    expect(english(encodeMessage("server.applications.cityUnknown"))).toMatch(
      /^We could not find “\{city\}”\. Type the first letters/,
    );
  });

  it("takes any city or municipality of the data as “{city}, {province}”, a name that is one place only, and an older client's option", () => {
    const city = (text: string) => {
      const submission = submit({
        firstName: "Ana",
        lastName: "Cruz",
        mobile: "09171234567",
        city: text,
        hasMotorcycle: "yes",
      });
      return submission.status === "success" ? submission.value.city : submission.error?.city;
    };
    expect(city("Calbayog City, Samar")).toBe("Calbayog City, Samar");
    expect(city("calbayog city")).toBe("Calbayog City, Samar");
    expect(city("  las pinas ")).toBe("Las Piñas, Metro Manila");
    expect(city("cebu city cebu")).toBe("Cebu City, Cebu");
    expect(city("makati")).toBe("Makati, Metro Manila");
    expect(city("davao")).toBe("Davao City, Davao del Sur");
    const [ambiguous] = city("San Jose") as string[];
    expect(decodeMessage(ambiguous!)).toEqual({
      id: "server.applications.cityAmbiguous",
      values: {
        city: "San Jose",
        places: "San Jose, Batangas; San Jose, Camarines Sur; San Jose, Occidental Mindoro; San Jose, Romblon",
      },
    });
  });

  it("refuses a mobile that is not a Philippine mobile, with sign-in's message", () => {
    const submission = submit({ fullName: "Juan", mobile: "0917 123", city: "davao", hasMotorcycle: "yes" });
    expect(submission.status === "error" && submission.error).toEqual({ mobile: ["server.auth.phoneInvalid"] });
    expect(english("server.auth.phoneInvalid")).toBe(
      "Please enter a valid Philippine phone number (e.g., 09171234567)",
    );
  });

  it("accepts a complete application with or without a referral code, normalising the mobile", () => {
    const without = submit({
      firstName: " Juan ",
      lastName: "Dela Cruz",
      mobile: "0917 123 4567",
      city: "davao",
      hasMotorcycle: "yes",
    });
    expect(without.status).toBe("success");
    expect(without.status === "success" && without.value).toEqual({
      firstName: "Juan",
      lastName: "Dela Cruz",
      fullName: "Juan Dela Cruz",
      mobile: "+639171234567",
      city: "Davao City, Davao del Sur",
      hasMotorcycle: "yes",
      referralCode: undefined,
    });
    const withCode = submit({
      fullName: "Juan",
      mobile: "09171234567",
      city: "quezon-city",
      hasMotorcycle: "no",
      referralCode: "RICO25",
    });
    expect(withCode.status === "success" && withCode.value.referralCode).toBe("RICO25");
    // An older client's single full name is split at its last word.
    const legacy = submit({ fullName: "Juan dela Cruz", mobile: "09171234567", city: "cebu", hasMotorcycle: "no" });
    expect(legacy.status === "success" && legacy.value).toMatchObject({
      firstName: "Juan dela",
      lastName: "Cruz",
      fullName: "Juan dela Cruz",
    });
  });
});

describe("the browser's rules (application-fields.ts) and the server's schema", () => {
  const base = {
    firstName: "Juan",
    lastName: "Dela Cruz",
    mobile: "0917 123 4567",
    city: "cebu",
    hasMotorcycle: "yes",
    referralCode: "RICO25",
  };
  const variants: Record<string, string>[] = [
    base,
    { ...base, firstName: "   " },
    { ...base, lastName: "" },
    { ...base, firstName: "x".repeat(51) },
    { ...base, lastName: "Dela\u202ECruz" },
    { ...base, mobile: "" },
    { ...base, mobile: "12345" },
    { ...base, mobile: "+639171234567" },
    { ...base, city: "" },
    { ...base, city: "atlantis" },
    { ...base, hasMotorcycle: "maybe" },
    { ...base, referralCode: "" },
    { ...base, referralCode: "y".repeat(33) },
    { ...base, referralCode: "a\u0007b" },
    { firstName: "", lastName: "", mobile: "", city: "", hasMotorcycle: "", referralCode: "" },
  ];

  it("find the same first problem (and none where the schema accepts)", () => {
    for (const values of variants) {
      const parsed = riderApplicationSchema.safeParse({ ...values, referralCode: values.referralCode || undefined });
      const fieldErrors = parsed.success ? null : (parsed.error.flatten().fieldErrors as Record<string, string[]>);
      const problems = applicationProblems(values);
      const fromRules = firstApplicationError(
        Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
      );
      expect(fromRules, JSON.stringify(values)).toBe(firstApplicationError(fieldErrors));
    }
  });
});
