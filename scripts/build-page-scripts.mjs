// The public pages' own scripts (decision 0188): app/public/scripts/*.ts, each bundled by esbuild
// (installed with Remix) into one small ES module, public/build/pages/<name>-<hash>.js, and the
// names listed in app/public/scripts/manifest.ts for the server to write into those pages' HTML.
//
// `remix build` empties public/build, so `npm run build` runs this twice: `--manifest` before it
// (the server bundle imports the manifest) and without flags after it (writes the files). esbuild's
// output is the same both times, so the hashes agree.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = path.join(ROOT, "app", "public", "scripts");
const OUT = path.join(ROOT, "public", "build", "pages");
const MANIFEST = path.join(SOURCE, "manifest.ts");

/**
 * Bundles every page script, writes the manifest (only when it changed) and, unless
 * `manifestOnly`, the files. Synchronous, so scripts/local-env.mjs's build() can call it.
 */
export function buildPageScripts({ manifestOnly = false } = {}) {
  const entries = readdirSync(SOURCE)
    .filter(
      (file) =>
        file.endsWith(".ts") && file !== "manifest.ts" && !file.includes(".test.") && !file.includes(".server."),
    )
    .sort();

  const bundles = {};
  for (const file of entries) {
    const name = file.replace(/\.ts$/, "");
    const result = buildSync({
      entryPoints: [path.join(SOURCE, file)],
      bundle: true,
      format: "esm",
      minify: true,
      target: "es2020",
      platform: "browser",
      write: false,
      legalComments: "none",
      tsconfig: path.join(ROOT, "tsconfig.json"),
    });
    const code = result.outputFiles[0].contents;
    const hash = createHash("sha256").update(code).digest("hex").slice(0, 8).toUpperCase();
    bundles[name] = { file: `${name}-${hash}.js`, code };
  }

  const scripts = Object.fromEntries(Object.entries(bundles).map(([name, { file }]) => [name, `/build/pages/${file}`]));
  const manifest = [
    "// Written by scripts/build-page-scripts.mjs (npm run build): do not edit.",
    "/** Each public page script's built file, under /build/pages/ (content-hashed names). */",
    `export const PAGE_SCRIPTS = ${JSON.stringify(scripts, null, 2)} as const;`,
    "",
    "export type PageScript = keyof typeof PAGE_SCRIPTS;",
    "",
  ].join("\n");
  let previous = "";
  try {
    previous = readFileSync(MANIFEST, "utf8");
  } catch {}
  if (previous !== manifest) writeFileSync(MANIFEST, manifest);

  if (!manifestOnly) {
    mkdirSync(OUT, { recursive: true });
    for (const { file, code } of Object.values(bundles)) writeFileSync(path.join(OUT, file), code);
  }
  return bundles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bundles = buildPageScripts({ manifestOnly: process.argv.includes("--manifest") });
  if (!process.argv.includes("--manifest"))
    console.log(
      `Page scripts: ${Object.values(bundles)
        .map(({ file, code }) => `${file} (${code.length} B)`)
        .join(", ")}`,
    );
}
