// Benchmark: requests per second and p99 under a fixed concurrency for the calls that carry the
// app's load, each measured right after the landing page in the same run (its baseline):
//   GET /                               (the landing, signed out)
//   GET /api/deliveries/my              for a customer with 10 deliveries, and one with 500
//   POST /api/deliveries                (a booking)
//   POST /api/deliveries/{id}/accept    (each request a different rider and pending delivery)
// A fresh local D1 gets its migrations and a fixture (users, sessions with known tokens,
// deliveries) through `wrangler d1 execute`; `wrangler dev` runs the real app on a free loopback
// port and is stopped at the end. The load generator is Node's own fetch with a fixed number of
// workers for a fixed time (no dependency). Exits non-zero when the 500-delivery list costs more
// than 1.5x the 10-delivery one (mean time per request). Run with `npm run bench:load`.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { loadavg } from "node:os";
import path from "node:path";
import { applyMigrations, ensureDevVars, freePort, startServer } from "../scripts/local-env.mjs";
import { DAY_MS, loadSql, sql } from "./bench-kit.mjs";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4_000);
const WARMUP_MS = 1_000;
const MAX_LIST_RATIO = 1.5;
const RIDERS = 2_000; // one pending delivery each: every accept is a fresh pair

const tokenOf = (userId) => `bench-load-${userId}-${"0".repeat(40)}`;
const cookieOf = (userId) => `hatid_session=${tokenOf(userId)}`;

const DELIVERY_COLUMNS =
  "id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address, dropoff_city, dropoff_phone, package_type, package_size, package_description, base_fare, distance_fee, size_fee, total_fee, distance, estimated_duration, pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude, created_at";

function deliveryRow(id, customerId, createdAt) {
  return `(${[
    id,
    customerId,
    null,
    "pending",
    `${id} Jupiter St, Bel-Air`,
    "Makati, Metro Manila",
    "09171234567",
    "45 Katipunan Ave, Loyola Heights",
    "Quezon City, Metro Manila",
    "09181234567",
    "documents",
    "small",
    "Signed contract, handle with care",
    4_000,
    9_600,
    0,
    13_600,
    "11.6",
    "24 mins",
    14.5547,
    121.0244,
    14.6395,
    121.0781,
    createdAt,
  ]
    .map(sql)
    .join(", ")})`;
}

function fixtureSql(now) {
  const users = [
    ["bench-c10", "+639190000010", "Ten", "Deliveries", "user"],
    ["bench-c500", "+639190000500", "Five Hundred", "Deliveries", "user"],
    ["bench-booker", "+639190000001", "Busy", "Booker", "user"],
    ["bench-poster", "+639190000002", "Pending", "Poster", "user"],
  ];
  for (let r = 0; r < RIDERS; r++)
    users.push([`bench-rider-${r}`, `+63918${String(r).padStart(7, "0")}`, `Rider${r}`, "Bench", "rider"]);
  const lines = [];
  for (let i = 0; i < users.length; i += 500) {
    lines.push(
      `INSERT INTO users (id, phone_number, first_name, last_name, role, created_at, updated_at) VALUES ${users
        .slice(i, i + 500)
        .map((u) => `(${u.map(sql).join(", ")}, ${now - DAY_MS}, ${now - DAY_MS})`)
        .join(",\n")};`,
    );
    lines.push(
      `INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ${users
        .slice(i, i + 500)
        .map(
          (u) =>
            `('${createHash("sha256").update(tokenOf(u[0])).digest("hex")}', ${sql(u[0])}, ${now}, ${now + 30 * DAY_MS})`,
        )
        .join(",\n")};`,
    );
  }
  const rows = [];
  for (let i = 0; i < 10; i++)
    rows.push(deliveryRow(`bench-c10-${String(i).padStart(3, "0")}`, "bench-c10", now - 60_000 - i * 60_000));
  for (let i = 0; i < 500; i++)
    rows.push(deliveryRow(`bench-c500-${String(i).padStart(3, "0")}`, "bench-c500", now - 60_000 - i * 60_000));
  for (let r = 0; r < RIDERS; r++)
    rows.push(deliveryRow(`bench-pending-${String(r).padStart(5, "0")}`, "bench-poster", now - 30_000 - r));
  for (let i = 0; i < rows.length; i += 200)
    lines.push(`INSERT INTO deliveries (${DELIVERY_COLUMNS}) VALUES\n${rows.slice(i, i + 200).join(",\n")};`);
  return lines.join("\n");
}

const BOOKING = JSON.stringify({
  pickupAddress: "12 Jupiter St, Bel-Air",
  pickupCity: "Makati, Metro Manila",
  pickupPhone: "09171234567",
  dropoffAddress: "45 Katipunan Ave, Loyola Heights",
  dropoffCity: "Quezon City, Metro Manila",
  dropoffPhone: "09181234567",
  packageType: "documents",
  packageSize: "small",
  packageDescription: "Signed contract",
});

/** The scenarios: each makes the i-th request of a run (`next(i)`) and names the status it expects. */
function scenarios(base) {
  let acceptIndex = 0;
  return {
    landing: { label: "GET / (landing)", expect: 200, next: () => [`${base}/`, {}] },
    my10: {
      label: "GET /api/deliveries/my, 10 deliveries",
      expect: 200,
      next: () => [`${base}/api/deliveries/my`, { headers: { Cookie: cookieOf("bench-c10") } }],
    },
    my500: {
      label: "GET /api/deliveries/my, 500 deliveries",
      expect: 200,
      next: () => [`${base}/api/deliveries/my`, { headers: { Cookie: cookieOf("bench-c500") } }],
    },
    booking: {
      label: "POST /api/deliveries (booking)",
      expect: 201,
      next: () => [
        `${base}/api/deliveries`,
        {
          method: "POST",
          headers: { Cookie: cookieOf("bench-booker"), "Content-Type": "application/json" },
          body: BOOKING,
        },
      ],
    },
    accept: {
      label: "POST /api/deliveries/{id}/accept",
      expect: 200,
      next: () => {
        const r = acceptIndex++;
        if (r >= RIDERS) return null;
        return [
          `${base}/api/deliveries/bench-pending-${String(r).padStart(5, "0")}/accept`,
          { method: "POST", headers: { Cookie: cookieOf(`bench-rider-${r}`) } },
        ];
      },
    },
  };
}

/** CONCURRENCY workers, each sending one request after another until the time is up. */
async function run(scenario, durationMs) {
  const latencies = [];
  let bytes = 0;
  const unexpected = new Map();
  const started = performance.now();
  const until = started + durationMs;
  let exhausted = false;
  async function worker() {
    while (performance.now() < until && !exhausted) {
      const request = scenario.next();
      if (!request) {
        exhausted = true;
        return;
      }
      const sent = performance.now();
      const response = await fetch(...request);
      const body = await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      bytes += body.byteLength;
      if (response.status !== scenario.expect)
        unexpected.set(response.status, (unexpected.get(response.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * q) - 1)] ?? NaN;
  return {
    requests: latencies.length,
    perSecond: (latencies.length / elapsed) * 1000,
    mean: latencies.reduce((sum, v) => sum + v, 0) / latencies.length,
    p50: p(0.5),
    p99: p(0.99),
    bytes: latencies.length ? bytes / latencies.length : 0,
    unexpected,
  };
}

ensureDevVars();
const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-bench-load-"));
let server;
const results = [];
try {
  applyMigrations({ persistTo, quiet: true });
  const file = path.join(persistTo, "fixture.sql");
  writeFileSync(file, fixtureSql(Date.now()));
  loadSql(persistTo, file);
  server = await startServer({ port: await freePort(), persistTo, quiet: true });
  const all = scenarios(server.url.replace("localhost", "127.0.0.1"));
  for (const key of ["landing", "my10", "my500"]) await run(all[key], WARMUP_MS);
  for (const key of ["my10", "my500", "booking", "accept"]) {
    const landing = await run(all.landing, DURATION_MS);
    const measured = await run(all[key], DURATION_MS);
    results.push({ key, label: all[key].label, landing, measured });
  }
} finally {
  await server?.stop();
  rmSync(persistTo, { recursive: true, force: true });
}

const fmt = (n, digits = 1) => n.toFixed(digits);
console.log(
  `\nbench:load, ${CONCURRENCY} concurrent requests for ${DURATION_MS / 1000} s each, wrangler dev on loopback, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(" ")}\n`,
);
console.log(
  "call                                    |  req/s | mean ms | p50 ms | p99 ms | bytes | landing req/s, p99 ms right before | not as expected",
);
for (const r of results) {
  const m = r.measured;
  const odd = [...m.unexpected].map(([status, n]) => `${n}x ${status}`).join(", ") || "-";
  console.log(
    `${r.label.padEnd(39)} | ${fmt(m.perSecond).padStart(6)} | ${fmt(m.mean).padStart(7)} | ${fmt(m.p50).padStart(6)} | ${fmt(m.p99).padStart(6)} | ${String(Math.round(m.bytes)).padStart(5)} | ${fmt(r.landing.perSecond).padStart(6)}, ${fmt(r.landing.p99)} | ${odd}`,
  );
}
const ten = results.find((r) => r.key === "my10").measured;
const five = results.find((r) => r.key === "my500").measured;
const ratio = five.mean / ten.mean;
console.log(
  `\n/api/deliveries/my: 500 deliveries cost ${fmt(ratio, 2)}x the 10-delivery list per request (limit ${MAX_LIST_RATIO}x)`,
);
const failures = results.filter((r) => r.measured.unexpected.size > 0);
if (failures.length > 0) {
  console.error(`FAIL: unexpected statuses for ${failures.map((r) => r.label).join("; ")}`);
  process.exit(1);
}
if (ratio > MAX_LIST_RATIO) {
  console.error(`FAIL: the 500-delivery list costs ${fmt(ratio, 2)}x the 10-delivery one.`);
  process.exit(1);
}
