import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Rules of the source tree, checked on the files themselves: what a person reads is a
 * message id resolved from the catalogs, never an English sentence the server code builds; no file
 * of the app grows past 350 lines except data and catalogs. (Runs with the browser tests because it
 * needs Node's file system, not workerd.)
 */
const ROOT = path.resolve(__dirname, "../..");

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const relative = (file: string) => path.relative(ROOT, file);
const isCatalog = (file: string) => relative(file).startsWith("app/i18n/catalogs/");
const isData = (file: string) => /\.data(\.server)?\.ts$/.test(file);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const sourceFiles = [...filesUnder(path.join(ROOT, "app")), ...filesUnder(path.join(ROOT, "workers"))].filter(
  (file) => /\.(ts|tsx|js)$/.test(file) && !isTest(file),
);

/** Code that builds answers, texts, rules and records (not the pages' markup): every .ts module but catalogs and data (the demo data is data). */
const serverCode = sourceFiles.filter(
  (file) => /\.ts$/.test(file) && !isCatalog(file) && !isData(file) && !relative(file).startsWith("app/demo/"),
);

/** Three or more words of letters: a sentence, or the start of one. */
const SENTENCE = /^[A-Za-z][a-z]+,? (?:[a-zA-Z]+,? ){1,}[a-zA-Z]+/;
/** Strings that are not for people: SQL, log lines, errors for operators, what the payment gateway records. */
const NOT_FOR_PEOPLE =
  /\b(SELECT|UPDATE|INSERT|DELETE FROM|WHERE|COALESCE|CASE WHEN|GROUP BY|ORDER BY|JOIN)\b|console\.|new Error\(|throw new (Range)?Error|super\(|description: `Hatid delivery|reason: `Hatid delivery/;
/** Files whose texts are for machines or operators, never shown to a person, and why. */
const FOR_MACHINES: Record<string, string> = {
  "app/tracking/channel-messages.ts": "the live socket's protocol errors, which the page only logs",
  "workers/delivery-room.ts": "the socket endpoint's protocol answers (426 without an upgrade)",
  "app/payments/gateway.server.ts": "the payment gateway's errors, logged and kept for operators",
  "app/payments/payout-gateway.server.ts": "the payout gateway's errors, logged and kept for operators",
  "app/notifications/semaphore.server.ts":
    "the SMS provider's refusals, kept as the message's last error for operators",
  "app/notifications/resend.server.ts": "the email provider's refusals, kept as the message's last error for operators",
};

/**
 * The line and the lines of the same call or expression above it (the formatter puts a long
 * call's arguments on lines of their own: `console.error(` above the text it logs).
 */
function statementOf(lines: string[], index: number): string {
  let start = index;
  const opens = (text: string | undefined) => Boolean(text && /[(,?:]$/.test(text.trim()));
  const goesOn = (text: string | undefined) => Boolean(text && /^[?:]/.test(text.trim()));
  while (start > 0 && index - start < 3 && (opens(lines[start - 1]) || goesOn(lines[start]))) start -= 1;
  return lines.slice(start, index + 1).join(" ");
}

function englishSentences(file: string): string[] {
  const found: string[] = [];
  if (relative(file) in FOR_MACHINES) return found;
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, index) => {
    const code = line.trim();
    if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*") || code.startsWith("import ")) return;
    if (NOT_FOR_PEOPLE.test(statementOf(lines, index))) return;
    for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
      const text = (match[1] ?? match[2] ?? "").replace(/\$\{[^}]*\}/g, "x");
      if (SENTENCE.test(text)) found.push(`${relative(file)}:${index + 1}: ${text}`);
    }
  });
  return found;
}

describe("the source tree", () => {
  it("builds no English sentence in server code: what a person reads comes from the catalogs by id", () => {
    expect(serverCode.length).toBeGreaterThan(50);
    expect(serverCode.flatMap(englishSentences)).toEqual([]);
  });

  it("has no message patterns: nothing translates English text back into the catalogs", () => {
    expect(sourceFiles.map(relative).filter((file) => /message-patterns/.test(file))).toEqual([]);
  });

  it("keeps every file of app/ and workers/ at 350 lines or fewer, except data and catalogs", () => {
    const long = sourceFiles
      .filter((file) => !isCatalog(file) && !isData(file))
      .map((file) => ({ file: relative(file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 350);
    expect(long).toEqual([]);
  });

  it("counts ballots only in the close: nothing else reads proposal_ballots, so no answer can carry running totals (decision 0216)", () => {
    const readers = sourceFiles
      .filter((file) => /\b(FROM|JOIN)\s+proposal_ballots\b/i.test(readFileSync(file, "utf8")))
      .map(relative);
    expect(readers).toEqual(["app/coop/close.server.ts"]);
  });
});
