// Writes public/sw.js from app/offline/service-worker.js after `remix build`: the build's hashed
// assets to precache and a version derived from them, so a new deploy replaces the old caches.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = path.join(ROOT, "public");
// Every script and style of the build is precached (route modules and the chunks they import, lazily
// too), except mapbox-gl's: 1.9 MB that only the map needs, kept when first used; offline before
// that, the map says it could not load (app/tracking/mapbox-map.tsx) and the page works on.
const SKIP = [/mapbox/i, /\.map$/];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

export function buildServiceWorker() {
  const assets = filesUnder(path.join(PUBLIC, "build"))
    .map((file) => `/${path.relative(PUBLIC, file).split(path.sep).join("/")}`)
    .filter((url) => !SKIP.some((pattern) => pattern.test(url)))
    .sort();
  const precache = [...assets, "/offline", "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"];
  const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
  const template = readFileSync(path.join(ROOT, "app", "offline", "service-worker.js"), "utf8");
  const worker = template.replace("__HATID_VERSION__", version).replace("__HATID_PRECACHE__", JSON.stringify(precache));
  writeFileSync(path.join(PUBLIC, "sw.js"), worker);
  return { version, precached: precache.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { version, precached } = buildServiceWorker();
  console.log(`Service worker ${version}: ${precached} files precached (public/sw.js)`);
}
