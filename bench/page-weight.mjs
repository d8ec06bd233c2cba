// Page weight: the JavaScript and CSS (gzip, level 9) each page makes the browser load, measured
// from the built assets in public/build against the app's real HTML, beside the bare 404 page
// (root route only: React + Remix runtime), measured in the same run.
//
//   npm run bench:page-weight      (builds first)
//   node bench/page-weight.mjs     (uses the existing build)
//   PAGE_WEIGHT_ORIGIN=http://localhost:8787 node bench/page-weight.mjs   (an app already running with the demo data)
//
// The public pages (the landing, /become-rider, /help, /sign-in) carry no React (decision 0188):
// the bench FAILS (exit 1) if one loads more than 15 KB of gzipped JavaScript, or any React route
// module, or mapbox-gl. The signed-in pages, each with a demo account of the demo data (/booking,
// the customer's home, tracking, /rider-dashboard, the job screen as Rico, /admin), are weighed
// too: their JavaScript (all of it, and their own beyond the 404 page's files), the catalogs and
// the rest of the loader data they carry (decoded from the page's single-fetch data, gzipped),
// each beside its limit and beside the 404 page; over its limit fails too.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { decode } from "turbo-stream";
import { applyMigrations, ensureDevVars, freePort, loadDemoData, ROOT, startServer } from "../scripts/local-env.mjs";

const PUBLIC_DIR = path.join(ROOT, "public");
/** At most 15 KB of gzipped JavaScript on a public page (92-97 KB with React, decision 0187). */
export const PUBLIC_JS_LIMIT = 15 * 1024;
/** The public pages, enforced here and by test/browser/page-weight.test.ts. */
export const PAGES = [
  { name: "landing (/)", path: "/", limit: PUBLIC_JS_LIMIT },
  { name: "/become-rider", path: "/become-rider", limit: PUBLIC_JS_LIMIT },
  { name: "/help", path: "/help", limit: PUBLIC_JS_LIMIT },
  { name: "/sign-in", path: "/sign-in", limit: PUBLIC_JS_LIMIT },
];
const CARLA = "09170000004"; // demo customer
const RICO = "09170000002"; // demo rider, with the assigned delivery below
const ANA = "09170000001"; // demo admin
const RICOS_JOB = "00000000-0000-4000-8000-0000de110003"; // the demo data's assigned delivery (Carla's, Rico riding)
/**
 * The signed-in pages. Limits, in KB gzipped (JavaScript, the catalogs, the rest of the loader
 * data): what each loaded when the budgets were set (bench/README.md, page-weight) plus room for the
 * form pattern's conform hook (decision 0187, about 9 KB) and the demo data's growth; a page that
 * grows past one fails the bench. Raised once (2026-11-27, bench/README.md): the dashboard's step
 * dialogs check the handover code with the shared zod schema (about 14 KB, which the room above
 * did not count), and /booking and /admin carry the server's refusals by id so a form
 * shows them in the reader's language.
 */
export const SIGNED_IN_PAGES = [
  { name: "home (customer)", path: "/", phone: CARLA, limits: { js: 105, catalogs: 4, data: 1 } },
  { name: "/booking (customer)", path: "/booking", phone: CARLA, limits: { js: 170, catalogs: 7, data: 3 } },
  {
    name: "tracking (customer)",
    path: `/tracking/${RICOS_JOB}`,
    phone: CARLA,
    limits: { js: 160, catalogs: 7, data: 2 },
  },
  { name: "/rider-dashboard (Rico)", path: "/rider-dashboard", phone: RICO, limits: { js: 136, catalogs: 9, data: 3 } },
  {
    name: "job screen (Rico)",
    path: `/rider/jobs/${RICOS_JOB}`,
    phone: RICO,
    limits: { js: 145, catalogs: 8, data: 2 },
  },
  { name: "/admin (admin)", path: "/admin", phone: ANA, limits: { js: 140, catalogs: 7.5, data: 4 } },
];
const BASELINE = { name: "baseline: 404 page", path: "/__page-weight-baseline-404" };
/** Strings only mapbox-gl's bundle contains (its DOM class names). */
const MAPBOX_MARKER = /mapboxgl-(?:canvas|ctrl|map)/;
/** The public pages' own scripts (app/public/scripts); anything else under /build/ there is the framework's. */
const PAGE_SCRIPT = /^\/build\/pages\/[a-z-]+-[0-9A-Z]{8}\.js$/;

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** The asset URLs an HTML page loads: scripts, module preloads, stylesheets, and the imports of its inline module scripts. */
export function assetUrlsOf(html) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, "src");
    if (src) urls.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (href && (rel === "modulepreload" || rel === "stylesheet")) urls.add(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, url] of body.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) urls.add(url);
    for (const [, url] of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\sfrom\s*)?["']([^"']+)["']/g)) urls.add(url);
  }
  return [...urls].filter((url) => url.startsWith("/build/"));
}

/** Static imports of a built ES module (esbuild writes `from"./chunk.js"` and `import"./chunk.js"`). */
function staticImportsOf(source, fileUrl) {
  const found = new Set();
  for (const [, spec] of source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    if (spec.startsWith(".") || spec.startsWith("/")) found.add(new URL(spec, `http://x${fileUrl}`).pathname);
  }
  return [...found];
}

function readAsset(url) {
  const file = path.join(PUBLIC_DIR, decodeURIComponent(url));
  if (!file.startsWith(PUBLIC_DIR) || !existsSync(file))
    throw new Error(`The page loads ${url}, which is not in public/ (stale build?)`);
  return readFileSync(file);
}

/** Every JS and CSS file the page loads (following static imports of its modules), with gzip sizes. */
export function weigh(html) {
  const queue = assetUrlsOf(html);
  const seen = new Set();
  const result = { js: 0, css: 0, jsRaw: 0, cssRaw: 0, files: 0, mapbox: [], urls: [], jsBy: {} };
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const bytes = readAsset(url);
    const gz = gzipSync(bytes, { level: 9 }).length;
    result.files += 1;
    result.urls.push(url);
    if (url.endsWith(".css")) {
      result.css += gz;
      result.cssRaw += bytes.length;
    } else if (url.endsWith(".js")) {
      const source = bytes.toString("utf8");
      result.js += gz;
      result.jsBy[url] = gz;
      result.jsRaw += bytes.length;
      if (MAPBOX_MARKER.test(source)) result.mapbox.push(url);
      queue.push(...staticImportsOf(source, url));
    }
  }
  return result;
}

/** The framework's files on a page meant to have none (decision 0188): any script but the page's own. */
export const frameworkFilesOf = (weight) => weight.urls.filter((url) => url.endsWith(".js") && !PAGE_SCRIPT.test(url));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value, base) => (base > 0 ? `${(value / base).toFixed(2)}x` : "-");
const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

async function post(origin, pathname, body) {
  const response = await fetch(origin + pathname, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  return { json: await response.json(), setCookie: response.headers.get("Set-Cookie") ?? "" };
}

/** A session cookie for a demo account, through the real identity calls and the dev outbox. */
async function sessionCookie(origin, localPhone) {
  const { json: sent } = await post(origin, "/api/identity/sms/send", { phoneNumber: localPhone });
  const outbox = await (await fetch(`${origin}/api/dev/outbox`)).json();
  const { code } = outbox.findLast((m) => m.to === `+63${localPhone.slice(1)}`);
  const { json: verified } = await post(origin, "/api/identity/sms/verify", {
    verificationId: sent.verificationId,
    code,
  });
  const { setCookie } = await post(origin, "/api/auth/phone", { idToken: verified.idToken });
  return /hatid_session=[^;]+/.exec(setCookie)[0];
}

/** The page's loader data (single fetch, as the page's HTML carries it): its catalogs and the rest, gzipped. */
async function loaderData(origin, pathname, cookie) {
  const url = new URL(pathname === "/" ? "/_root.data" : `${pathname}.data`, origin);
  const response = await fetch(url, { headers: { Cookie: cookie } });
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  const { value, done } = await decode(response.body);
  await done;
  const catalogs = {};
  const rest = {};
  for (const [route, result] of Object.entries(value ?? {})) {
    const { i18n, ...data } = result?.data ?? {};
    catalogs[route] = i18n ?? null;
    rest[route] = data;
  }
  return { catalogs: gz(JSON.stringify(catalogs)), data: gz(JSON.stringify(rest)) };
}

async function main() {
  if (!existsSync(path.join(PUBLIC_DIR, "build"))) {
    console.error("No build in public/build: run `npm run bench:page-weight` (it builds first) or `npm run build`.");
    process.exit(1);
  }
  ensureDevVars();
  const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-page-weight-"));
  let server;
  try {
    // PAGE_WEIGHT_ORIGIN: an app already running with the demo data (e.g. `npm start`), instead of a fresh one.
    if (process.env.PAGE_WEIGHT_ORIGIN) server = { url: process.env.PAGE_WEIGHT_ORIGIN, stop: async () => {} };
    else {
      applyMigrations({ persistTo, quiet: true });
      server = await startServer({ port: await freePort(), persistTo, quiet: true });
      await loadDemoData(server.url);
    }
    const cookies = {};
    const rows = [];
    for (const page of [BASELINE, ...PAGES, ...SIGNED_IN_PAGES]) {
      if (page.phone) cookies[page.phone] ??= await sessionCookie(server.url, page.phone);
      const cookie = page.phone ? cookies[page.phone] : "";
      const response = await fetch(server.url + page.path, { headers: { Accept: "text/html", Cookie: cookie } });
      const html = await response.text();
      const expected = page === BASELINE ? 404 : 200;
      if (response.status !== expected)
        throw new Error(`${page.path} answered ${response.status}, expected ${expected}`);
      const row = { ...page, ...weigh(html), html: Buffer.byteLength(html) };
      if (page.phone) Object.assign(row, await loaderData(server.url, page.path, cookie));
      rows.push(row);
    }
    const [base] = rows;
    const own = (r) => Object.entries(r.jsBy).reduce((sum, [url, size]) => sum + (url in base.jsBy ? 0 : size), 0);

    const header = ["page", "files", "JS gzip", "JS raw", "CSS gzip", "CSS raw", "HTML raw", "JS vs 404"];
    const table = rows.map((r) => [
      r.name,
      String(r.files),
      kb(r.js),
      kb(r.jsRaw),
      kb(r.css),
      kb(r.cssRaw),
      kb(r.html),
      ratio(r.js, base.js),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
    const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of table) console.log(line(row));

    const failures = [];
    console.log(
      `\nPublic pages (limit ${kb(PUBLIC_JS_LIMIT)} of gzipped JavaScript, no React; the bare 404 page loads ${kb(base.js)}):`,
    );
    for (const r of rows.filter((row) => row.limit)) {
      if (r.mapbox.length > 0) failures.push(`${r.name} loads mapbox-gl (${r.mapbox.join(", ")})`);
      if (r.js > r.limit) failures.push(`${r.name} loads ${kb(r.js)} of gzipped JavaScript (limit ${kb(r.limit)})`);
      const framework = frameworkFilesOf(r);
      if (framework.length > 0) failures.push(`${r.name} loads the framework's files (${framework.join(", ")})`);
      console.log(
        `  ${r.name}: ${kb(r.js)} JS gzipped (limit ${kb(r.limit)}${r.js > r.limit ? ", OVER" : ""}); the 404 page: ${kb(base.js)}; framework files: ${framework.length}.`,
      );
    }
    console.log("\nSigned-in pages (gzipped; limit in brackets; own JS = beyond the 404 page's files):");
    const limited = (value, limitKb) => `${kb(value)} [${limitKb} KB${value > limitKb * 1024 ? ", OVER" : ""}]`;
    for (const r of rows.filter((row) => row.limits)) {
      const { js, catalogs, data } = r.limits;
      if (r.mapbox.length > 0 && !r.path.startsWith("/tracking"))
        failures.push(`${r.name} loads mapbox-gl (${r.mapbox.join(", ")})`);
      if (r.js > js * 1024) failures.push(`${r.name} loads ${kb(r.js)} of gzipped JavaScript (limit ${js} KB)`);
      if (r.catalogs > catalogs * 1024)
        failures.push(`${r.name} carries ${kb(r.catalogs)} of catalogs (limit ${catalogs} KB)`);
      if (r.data > data * 1024) failures.push(`${r.name} carries ${kb(r.data)} of loader data (limit ${data} KB)`);
      console.log(
        `  ${r.name}: JS ${limited(r.js, js)}, own JS ${kb(own(r))} (404 page: ${kb(base.js)}, ${ratio(r.js, base.js)}); catalogs ${limited(r.catalogs, catalogs)}; other loader data ${limited(r.data, data)}.`,
      );
    }
    console.log(`\nmapbox-gl on no public page: ${failures.every((f) => !f.includes("mapbox"))}.`);
    if (failures.length > 0) {
      for (const f of failures) console.error(`FAIL: ${f}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

// Run as a script; a test imports weigh() without running the bench.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
