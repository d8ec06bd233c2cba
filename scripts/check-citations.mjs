// Fails, listing file:line, where the source cites something a newcomer cannot open: the product
// notes or the specification outside the repository ("spec section N", "the spec's"), the sibling
// `../shared` folder, or an issue number.
// Comments cite docs/guide/<file>.md or docs/decisions/NNNN-*.md instead (docs/guide/README.md).
// Run: node scripts/check-citations.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOTS = [
  "app",
  "workers",
  "test",
  "scripts",
  "bench",
  "migrations",
  "README.md",
  "docs/guide",
  "docs/glossary-fil.md",
];
/** bench/README.md keeps the benchmarks' own history; this file names what it forbids. */
const SKIP = new Set(["bench/README.md", "scripts/check-citations.mjs"]);
/** The outside files, the specification cited in prose ("spec section N", "the spec's"), issue numbers. */
const FORBIDDEN =
  /PRODUCT\.md|\.\.\/shared|spec\.md|\b[Ii]ssues? #?\d+|\b[Ss]pec (?:sections?|§)|\b[Tt]he spec\b|\bspec's\b/;
const TEXT = /\.(ts|tsx|js|mjs|cjs|sql|css|md|json|toml)$/;

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full).flatMap((name) => (name === "node_modules" ? [] : filesUnder(path.join(entry, name))));
}

const found = [];
for (const file of ROOTS.flatMap(filesUnder)) {
  if (SKIP.has(file) || !TEXT.test(file)) continue;
  readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!FORBIDDEN.test(line)) return;
      found.push(`${file}:${i + 1}: ${line.trim().slice(0, 140)}`);
    });
}
if (found.length > 0) {
  console.error(`${found.length} line(s) cite outside the repository; cite docs/guide/ or docs/decisions/:`);
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
console.log("citations: every comment cites the repository");
