import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { decodeMessage, encodeMessage } from "~/i18n/message";
import {
  EMAIL_MISSING,
  emailMissing,
  firstNameProblem,
  lastNameProblem,
  otpProblem,
  phoneProblem,
} from "./sign-in-rules";

/** The rules write their message ids out (the landing page's budget): they must be what encodeMessage makes, of ids in both catalogs. */
describe("sign-in rules' messages", () => {
  const said = [
    phoneProblem(""),
    phoneProblem("12345"),
    phoneProblem("0817123456789"),
    otpProblem("1"),
    otpProblem("12a456"),
    emailMissing(" "),
    EMAIL_MISSING,
  ];
  const names = [
    firstNameProblem(""),
    lastNameProblem(""),
    firstNameProblem("x".repeat(51)),
    lastNameProblem("x".repeat(51)),
  ];

  it("are encoded message ids of the server's auth catalog, in English and Filipino", () => {
    for (const text of [...said, ...names]) {
      const descriptor = decodeMessage(text!);
      expect(descriptor, String(text)).not.toBeNull();
      const key = descriptor!.id.replace(/^server\./, "");
      expect(CATALOGS.server.en, text!).toHaveProperty([key]);
      expect(CATALOGS.server.fil, text!).toHaveProperty([key]);
      expect(text).toBe(encodeMessage(descriptor!.id, descriptor!.values));
    }
    expect(firstNameProblem("x".repeat(51))).toBe(encodeMessage("server.auth.firstNameTooLong", { max: 50 }));
    expect(firstNameProblem(" Ana ")).toBeNull();
  });
});
