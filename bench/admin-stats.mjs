// Benchmark: `GET /api/admin/stats` with 1,000, 10,000 and 100,000 deliveries spread evenly over the
// past 24 months (so today's and this month's slices grow only with the daily rate). Each size gets
// a fresh local D1 (migrations applied, fixture SQL loaded with `wrangler d1 execute`), then the real
// app under `wrangler dev` answers the real call with an admin's session cookie.
//
// Prints the median and p95 per size, next to a baseline call measured in the same run
// (`GET /api/auth/user`: session lookup only), and the ratio 100k / 1k. Exits non-zero when the
// stats call at 100,000 takes more than 3x its time at 1,000, or the Live Deliveries list
// (`GET /api/admin/deliveries?filter=all&limit=10`: the counts and the first page) more than 1.2x
//. Run with `npm run bench:admin-stats`
// (which builds first).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, ensureDevVars, freePort, startServer } from "../scripts/local-env.mjs";
import { ADMIN_TOKEN, DAY_MS, loadSql, manilaDate, median, p95, sql, timeAsAdmin } from "./bench-kit.mjs";

const SIZES = [1_000, 10_000, 100_000];
const MAX_RATIO = 3;
/** The Live Deliveries list (counts + first page) at 100k within 1.2x of its time at 1k. */
const MAX_LIVE_RATIO = 1.2;
const WARMUP = 10;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const RIDERS = 60;
const CUSTOMERS = 200;
const SPAN_MS = 730 * DAY_MS; // 24 months

const ACTIVE = ["pending", "assigned", "picked_up", "in_transit"];

/** The fixture as SQL text (literals, no bound parameters), with daily_totals computed by the 85/10/5 split (docs/guide/money.md#fee-split). */
function fixtureSql(size, now) {
  const lines = [];
  const users = [["bench-admin", "+639170009999", "Bench", "Admin", "admin"]];
  for (let r = 0; r < RIDERS; r++)
    users.push([`bench-rider-${r}`, `+63918${String(r).padStart(7, "0")}`, `Rider${r}`, "Bench", "rider"]);
  for (let c = 0; c < CUSTOMERS; c++)
    users.push([`bench-customer-${c}`, `+63919${String(c).padStart(7, "0")}`, `Customer${c}`, "Bench", "user"]);
  lines.push(
    `INSERT INTO users (id, phone_number, first_name, last_name, role, created_at, updated_at) VALUES ${users
      .map((u) => `(${u.map(sql).join(", ")}, ${now - SPAN_MS}, ${now - SPAN_MS})`)
      .join(",\n")};`,
  );
  const hash = createHash("sha256").update(ADMIN_TOKEN).digest("hex");
  lines.push(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('${hash}', 'bench-admin', ${now}, ${now + 30 * DAY_MS});`,
  );

  const days = new Map();
  const rows = [];
  for (let i = 0; i < size; i++) {
    // Evenly spread: the newest a few seconds ago, the oldest 24 months ago.
    const createdAt = now - 5_000 - Math.floor((i * SPAN_MS) / size);
    const fee = 4_000 + ((i * 7_919) % 20_000);
    const riderId = `bench-rider-${i % RIDERS}`;
    let status;
    if (now - createdAt < 3 * 60 * 60 * 1000) status = ACTIVE[i % ACTIVE.length];
    else status = i % 13 === 0 ? "cancelled" : "delivered";
    const deliveredAt = status === "delivered" ? createdAt + 40 * 60 * 1000 : null;
    const hasRider = status !== "pending" && status !== "cancelled";
    rows.push(
      `(${[
        `bench-${String(i).padStart(7, "0")}`,
        `bench-customer-${i % CUSTOMERS}`,
        hasRider ? riderId : null,
        status,
        `${i} Pickup St`,
        "Makati, Metro Manila",
        "09171234567",
        `${i} Dropoff Ave`,
        "Quezon City, Metro Manila",
        "09181234567",
        "documents",
        "small",
        "Papers",
        4_000,
        fee - 4_000,
        0,
        fee,
        "11.6",
        "24 mins",
        createdAt,
        hasRider ? createdAt + 60_000 : null,
        status === "delivered" || status === "picked_up" || status === "in_transit" ? createdAt + 10 * 60_000 : null,
        deliveredAt,
        status === "cancelled" ? createdAt + 60_000 : null,
      ]
        .map(sql)
        .join(", ")})`,
    );
    if (deliveredAt !== null) {
      const day = manilaDate(deliveredAt);
      const rider = Math.round((fee * 85) / 100);
      const operations = Math.round((fee * 10) / 100);
      const t = days.get(day) ?? { count: 0, revenue: 0, rider: 0, operations: 0, benefits: 0 };
      t.count += 1;
      t.revenue += fee;
      t.rider += rider;
      t.operations += operations;
      t.benefits += fee - rider - operations;
      days.set(day, t);
    }
  }
  const columns =
    "id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address, dropoff_city, dropoff_phone, package_type, package_size, package_description, base_fare, distance_fee, size_fee, total_fee, distance, estimated_duration, created_at, assigned_at, picked_up_at, delivered_at, cancelled_at";
  // D1 refuses statements over 100 KB: 200 rows (about 60 KB) per INSERT.
  for (let i = 0; i < rows.length; i += 200)
    lines.push(`INSERT INTO deliveries (${columns}) VALUES\n${rows.slice(i, i + 200).join(",\n")};`);
  const totals = [...days.entries()].map(
    ([day, t]) => `(${sql(day)}, ${t.count}, ${t.revenue}, ${t.rider}, ${t.operations}, ${t.benefits})`,
  );
  for (let i = 0; i < totals.length; i += 500)
    lines.push(
      `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share) VALUES\n${totals.slice(i, i + 500).join(",\n")};`,
    );
  return lines.join("\n");
}

const STATS = "/api/admin/stats";
const BASELINE = "/api/auth/user";
const LIVE = "/api/admin/deliveries?filter=all&limit=10";

ensureDevVars();
const results = [];
const startedAt = Date.now();
// Every size's server runs at once and the calls alternate between them (and between the paths),
// so drift in the machine's load (several agents share it) hits every size alike.
const servers = [];
try {
  for (const size of SIZES) {
    const persistTo = mkdtempSync(path.join(tmpdir(), `hatid-bench-${size}-`));
    servers.push({ size, persistTo });
    applyMigrations({ persistTo, quiet: true });
    const now = Date.now();
    const file = path.join(persistTo, "fixture.sql");
    writeFileSync(file, fixtureSql(size, now));
    const loadStarted = Date.now();
    loadSql(persistTo, file);
    servers.at(-1).loadMs = Date.now() - loadStarted;
  }
  for (const entry of servers) {
    entry.server = await startServer({ port: await freePort(), persistTo: entry.persistTo, quiet: true });
    entry.answer = JSON.parse((await timeAsAdmin(`${entry.server.url}${STATS}`)).body);
    entry.samples = { [STATS]: [], [BASELINE]: [], [LIVE]: [] };
  }
  const paths = [STATS, BASELINE, LIVE];
  for (let i = 0; i < WARMUP; i++)
    for (const entry of servers) for (const p of paths) await timeAsAdmin(`${entry.server.url}${p}`);
  for (let i = 0; i < SAMPLES; i++) {
    for (const entry of servers)
      for (const p of paths) entry.samples[p].push((await timeAsAdmin(`${entry.server.url}${p}`)).elapsed);
  }
  for (const { size, samples, loadMs, answer } of servers) {
    results.push({ size, stats: samples[STATS], baseline: samples[BASELINE], live: samples[LIVE], loadMs, answer });
  }
} finally {
  for (const entry of servers) {
    await entry.server?.stop();
    rmSync(entry.persistTo, { recursive: true, force: true });
  }
}

const ms = (value) => `${value.toFixed(2)} ms`;
console.log(`\nGET ${STATS}: ${SAMPLES} timed calls per size after ${WARMUP} warm-up calls (wrangler dev, local D1)\n`);
console.log(
  "deliveries | stats median | stats p95 | baseline median | live list median | today: booked, revenue | fixture load",
);
for (const r of results) {
  console.log(
    `${String(r.size).padStart(10)} | ${ms(median(r.stats)).padStart(12)} | ${ms(p95(r.stats)).padStart(9)} | ${ms(median(r.baseline)).padStart(15)} | ${ms(median(r.live)).padStart(16)} | ${String(r.answer.todayDeliveries).padStart(4)}, ₱${r.answer.todayRevenue} | ${(r.loadMs / 1000).toFixed(1)} s`,
  );
}
const first = results[0];
const last = results[results.length - 1];
const ratio = median(last.stats) / median(first.stats);
const baselineRatio = median(last.baseline) / median(first.baseline);
const liveRatio = median(last.live) / median(first.live);
console.log(
  `\nratio ${last.size.toLocaleString("en")} / ${first.size.toLocaleString("en")}: stats ${ratio.toFixed(2)}x (limit ${MAX_RATIO}x); live list ${liveRatio.toFixed(2)}x (limit ${MAX_LIVE_RATIO}x); baseline ${baselineRatio.toFixed(2)}x`,
);
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
if (ratio > MAX_RATIO)
  console.error(
    `FAIL: the stats call at ${last.size} deliveries takes ${ratio.toFixed(2)}x its time at ${first.size}.`,
  );
if (liveRatio > MAX_LIVE_RATIO)
  console.error(
    `FAIL: the live list at ${last.size} deliveries takes ${liveRatio.toFixed(2)}x its time at ${first.size}.`,
  );
if (ratio > MAX_RATIO || liveRatio > MAX_LIVE_RATIO) process.exit(1);
