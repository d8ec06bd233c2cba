// Benchmark: the admin's month report (View Reports, `/admin/reports?month=`) and its CSV
// (`GET /api/admin/reports/{YYYY-MM}.csv`) with 10,000 and 100,000 delivered deliveries in this Manila
// month, each with its ledger entries (share, insurance, and cash collected for the cash half),
// compared with `GET /api/auth/user` (session lookup only) in the same run. Each size gets a fresh
// local D1 (migrations applied, fixture SQL loaded with `wrangler d1 execute`); the real app under
// `wrangler dev` answers with an admin's session cookie. Both sizes' servers run at once and the
// calls alternate, so drift in the machine's load hits both alike.
//
// Prints median and p95 per path and size, the CSV's size and rows, and the ratios 100k / 10k.
// Run with `npm run bench:report` (which builds first). BENCH_SAMPLES sets the page samples (CSV: a third).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, ensureDevVars, freePort, startServer } from "../scripts/local-env.mjs";
import {
  ADMIN_TOKEN,
  DAY_MS,
  loadSql,
  MANILA_OFFSET_MS,
  manilaDate,
  median,
  p95,
  sql,
  timeAsAdmin,
} from "./bench-kit.mjs";

const SIZES = [10_000, 100_000];
const WARMUP = 3;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const CSV_SAMPLES = Math.max(3, Math.round(SAMPLES / 3));
const RIDERS = 60;
const CUSTOMERS = 200;

/** This Manila month: its start (UTC ms) and YYYY-MM. */
function thisMonth(now) {
  const local = new Date(now + MANILA_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - MANILA_OFFSET_MS;
  return { start, month: manilaDate(start).slice(0, 7) };
}

/** The fixture as SQL text: users, the admin's session, `size` deliveries delivered this month, their ledger entries and daily totals. */
function fixtureSql(size, now) {
  const { start } = thisMonth(now);
  const span = Math.max(60_000, now - 60_000 - start);
  const lines = [];
  const users = [["bench-admin", "+639170009999", "Bench", "Admin", "admin"]];
  for (let r = 0; r < RIDERS; r++)
    users.push([`bench-rider-${r}`, `+63918${String(r).padStart(7, "0")}`, `Rider${r}`, "Bench", "rider"]);
  for (let c = 0; c < CUSTOMERS; c++)
    users.push([`bench-customer-${c}`, `+63919${String(c).padStart(7, "0")}`, `Customer${c}`, "Bench", "user"]);
  lines.push(
    `INSERT INTO users (id, phone_number, first_name, last_name, role, rider_approved_at, created_at, updated_at) VALUES ${users
      .map((u) => `(${u.map(sql).join(", ")}, ${u[4] === "rider" ? start : "NULL"}, ${start}, ${start})`)
      .join(",\n")};`,
  );
  const hash = createHash("sha256").update(ADMIN_TOKEN).digest("hex");
  lines.push(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('${hash}', 'bench-admin', ${now}, ${now + 30 * DAY_MS});`,
  );

  const days = new Map();
  const rows = [];
  const entries = [];
  for (let i = 0; i < size; i++) {
    const deliveredAt = start + Math.floor((i * span) / size);
    const fee = 4_000 + ((i * 7_919) % 20_000);
    const riderId = `bench-rider-${i % RIDERS}`;
    const cash = i % 2 === 0;
    const id = `bench-${String(i).padStart(7, "0")}`;
    rows.push(
      `(${[
        id,
        `bench-customer-${i % CUSTOMERS}`,
        riderId,
        "delivered",
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
        deliveredAt - 40 * 60_000,
        deliveredAt - 35 * 60_000,
        deliveredAt - 20 * 60_000,
        deliveredAt,
        cash ? "cash" : "gcash",
        fee,
      ]
        .map(sql)
        .join(", ")})`,
    );
    const rider = Math.round((fee * 85) / 100);
    const operations = Math.round((fee * 10) / 100);
    entries.push(`(${[riderId, "share", rider, id, `share:${id}`, deliveredAt].map(sql).join(", ")})`);
    entries.push(`(${[riderId, "insurance", -100, id, `insurance:${id}`, deliveredAt].map(sql).join(", ")})`);
    if (cash) entries.push(`(${[riderId, "cash_collected", -fee, id, `cash:${id}`, deliveredAt].map(sql).join(", ")})`);
    const day = manilaDate(deliveredAt);
    const t = days.get(day) ?? { count: 0, revenue: 0, rider: 0, operations: 0, benefits: 0 };
    t.count += 1;
    t.revenue += fee;
    t.rider += rider;
    t.operations += operations;
    t.benefits += fee - rider - operations;
    days.set(day, t);
  }
  const columns =
    "id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address, dropoff_city, dropoff_phone, package_type, package_size, package_description, base_fare, distance_fee, size_fee, total_fee, distance, estimated_duration, created_at, assigned_at, picked_up_at, delivered_at, payment_method, amount_due";
  // D1 refuses statements over 100 KB: 200 rows per INSERT.
  for (let i = 0; i < rows.length; i += 200)
    lines.push(`INSERT INTO deliveries (${columns}) VALUES\n${rows.slice(i, i + 200).join(",\n")};`);
  for (let i = 0; i < entries.length; i += 500)
    lines.push(
      `INSERT INTO ledger_entries (rider_id, kind, amount, delivery_id, source_id, at) VALUES\n${entries.slice(i, i + 500).join(",\n")};`,
    );
  const totals = [...days.entries()].map(
    ([day, t]) => `(${sql(day)}, ${t.count}, ${t.revenue}, ${t.rider}, ${t.operations}, ${t.benefits})`,
  );
  lines.push(
    `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share) VALUES\n${totals.join(",\n")};`,
  );
  return { sql: lines.join("\n"), ledgerRows: entries.length };
}

ensureDevVars();
const { month } = thisMonth(Date.now());
const PAGE = `/admin/reports?month=${month}`;
const CSV = `/api/admin/reports/${month}.csv`;
const BASELINE = "/api/auth/user";
const startedAt = Date.now();
const servers = [];
try {
  for (const size of SIZES) {
    const persistTo = mkdtempSync(path.join(tmpdir(), `hatid-bench-report-${size}-`));
    servers.push({ size, persistTo });
    applyMigrations({ persistTo, quiet: true });
    const file = path.join(persistTo, "fixture.sql");
    const fixture = fixtureSql(size, Date.now());
    writeFileSync(file, fixture.sql);
    const loadStarted = Date.now();
    loadSql(persistTo, file);
    Object.assign(servers.at(-1), { loadMs: Date.now() - loadStarted, ledgerRows: fixture.ledgerRows });
  }
  for (const entry of servers) {
    entry.server = await startServer({ port: await freePort(), persistTo: entry.persistTo, quiet: true });
    const csv = (await timeAsAdmin(`${entry.server.url}${CSV}`)).body;
    entry.csvBytes = Buffer.byteLength(csv);
    entry.csvRows = csv.split("\r\n").length - 2;
    entry.samples = { [PAGE]: [], [CSV]: [], [BASELINE]: [] };
  }
  for (let i = 0; i < WARMUP; i++)
    for (const entry of servers) for (const p of [PAGE, BASELINE]) await timeAsAdmin(`${entry.server.url}${p}`);
  for (let i = 0; i < SAMPLES; i++) {
    for (const entry of servers) {
      for (const p of [PAGE, BASELINE]) entry.samples[p].push((await timeAsAdmin(`${entry.server.url}${p}`)).elapsed);
      if (i < CSV_SAMPLES) entry.samples[CSV].push((await timeAsAdmin(`${entry.server.url}${CSV}`)).elapsed);
    }
  }
} finally {
  for (const entry of servers) {
    await entry.server?.stop();
    rmSync(entry.persistTo, { recursive: true, force: true });
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `\nMonth report ${month}: page ${SAMPLES} and CSV ${CSV_SAMPLES} timed calls per size after ${WARMUP} warm-ups (wrangler dev, local D1)\n`,
);
console.log(
  "deliveries | ledger rows | page median | page p95 | CSV median | CSV p95 | CSV size, rows | baseline median | fixture load",
);
for (const s of servers) {
  console.log(
    `${String(s.size).padStart(10)} | ${String(s.ledgerRows).padStart(11)} | ${ms(median(s.samples[PAGE])).padStart(11)} | ${ms(p95(s.samples[PAGE])).padStart(8)} | ${ms(median(s.samples[CSV])).padStart(10)} | ${ms(p95(s.samples[CSV])).padStart(7)} | ${(s.csvBytes / 1e6).toFixed(1)} MB, ${s.csvRows} | ${ms(median(s.samples[BASELINE])).padStart(15)} | ${(s.loadMs / 1000).toFixed(1)} s`,
  );
}
const [small, large] = servers;
const ratio = (p) => (median(large.samples[p]) / median(small.samples[p])).toFixed(2);
console.log(
  `\nratio ${large.size.toLocaleString("en")} / ${small.size.toLocaleString("en")}: page ${ratio(PAGE)}x, CSV ${ratio(CSV)}x, baseline ${ratio(BASELINE)}x`,
);
for (const s of servers) {
  console.log(
    `${s.size.toLocaleString("en")}: page ${(median(s.samples[PAGE]) / median(s.samples[BASELINE])).toFixed(1)}x the baseline, CSV ${(median(s.samples[CSV]) / median(s.samples[BASELINE])).toFixed(1)}x, CSV ${Math.round(s.csvRows / (median(s.samples[CSV]) / 1000)).toLocaleString("en")} rows/s`,
  );
}
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
