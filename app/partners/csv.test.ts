import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("RFC 4180 CSV", () => {
  it("quotes only what needs it, doubles quotes, ends records with CRLF", () => {
    expect(toCsv([["a", "b,c", 'say "hi"', "two\nlines", 12.5, null]])).toBe(
      'a,"b,c","say ""hi""","two\nlines",12.5,\r\n',
    );
    expect(toCsv([["x"], ["y"]])).toBe("x\r\ny\r\n");
  });

  it("defuses spreadsheet formulas in text, not in numbers", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+63917")).toBe("'+63917");
    expect(csvField(-5)).toBe("-5");
  });
});
