import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeMessage, word } from "~/i18n/message";
import { safeText, textProblem } from "./text";

describe("free text", () => {
  const name = safeText(z.string().trim().max(50), word("server.auth.field.firstName"));
  const notes = safeText(z.string().max(500), word("server.validation.field.pickupNotes"), { multiline: true });

  it("refuses control characters, bidi controls and lone surrogates, naming the field", () => {
    for (const bad of ["a\u0000b", "x\u0007", "abc\u202Edef", "\u2066x", "a\uD800b", "\uDC00", "line\nbreak"]) {
      const result = name.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(decodeMessage(result.error!.issues[0]!.message)?.values).toEqual({
        label: word("server.auth.field.firstName"),
      });
    }
  });

  it("allows line breaks and tabs only in multiline fields", () => {
    expect(notes.parse("Gate 2\nRing twice\t")).toBe("Gate 2\nRing twice\t");
    expect(decodeMessage(textProblem(word("server.validation.field.note"), "a\u0000", { multiline: true })!)?.id).toBe(
      "server.validation.textControl",
    );
  });

  it("keeps emoji and Filipino names as they are, NFC-normalised", () => {
    expect(name.parse("Santo Niño 🚚")).toBe("Santo Niño 🚚");
    expect(name.parse("Pen\u0303a")).toBe("Peña");
    expect(name.parse("👨‍👩‍👧")).toBe("👨‍👩‍👧");
  });

  it("names the field by a catalog word when given one: an encoded message id with the label as a value", () => {
    const label = word("server.auth.field.firstName");
    expect(decodeMessage(textProblem(label, "a\nb")!)).toEqual({
      id: "server.validation.textLineBreak",
      values: { label },
    });
    expect(decodeMessage(textProblem(label, "a\u0000b", { multiline: true })!)).toEqual({
      id: "server.validation.textControl",
      values: { label },
    });
    expect(decodeMessage(textProblem(label, "abc\u202Edef")!)).toEqual({
      id: "server.validation.textDirection",
      values: { label },
    });
    expect(decodeMessage(textProblem(label, "a\uD800b")!)).toEqual({
      id: "server.validation.textInvalidCharacter",
      values: { label },
    });
    expect(textProblem(label, "Niño")).toBeNull();
    const parsed = safeText(z.string(), label).safeParse("x\u202E");
    expect(decodeMessage(parsed.error!.issues[0]!.message)?.id).toBe("server.validation.textDirection");
  });
});
