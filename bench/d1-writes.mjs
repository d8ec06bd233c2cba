// Write throughput through the Worker against local D1 (decision 0060): bookings per
// second (`POST /api/deliveries`) and accepts per second (`POST /api/deliveries/{id}/accept`),
// with the server's CPU per request, next to a baseline measured in the same run with the same
// concurrency: `GET /api/auth/user` (a session read, no write).
//
//   npm run bench:d1-writes      (builds first)
//
// Users, sessions (known tokens) and the pending deliveries to accept are loaded as SQL with
// `wrangler d1 execute --local`; then `wrangler dev` serves the real app. CPU is the user + system
// time of the dev server's workerd processes (the Worker and local D1's SQLite run there) over
// each phase, divided by the requests of the phase. Local D1 is SQLite on this disk, not D1's
// replicated storage: compare the write routes with the baseline, not with production.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, ensureDevVars, freePort, startServer } from "../scripts/local-env.mjs";
import { loadSql } from "./bench-kit.mjs";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 15_000);
const CUSTOMERS = 100;
const RIDERS = 400; // each may hold 3 active deliveries: 1,200 accepts at most
const PENDING = RIDERS * 3;
const CLOCK_TICKS = 100; // USER_HZ on Linux

const tokenOf = (id) => `bench-d1w-${id}-${"0".repeat(40)}`;
const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const BOOKING = {
  pickupAddress: "12 Jupiter St, Bel-Air",
  pickupCity: "Makati, Metro Manila",
  pickupPhone: "09171234567",
  dropoffAddress: "45 Katipunan Ave, Loyola Heights",
  dropoffCity: "Quezon City, Metro Manila",
  dropoffPhone: "09181234567",
  packageType: "documents",
  packageSize: "small",
  packageDescription: "Bench parcel",
  isFragile: false,
};

function fixtureSql(now) {
  const users = [];
  for (let c = 0; c < CUSTOMERS; c++) users.push([`c${c}`, `+63919${String(c).padStart(7, "0")}`, "user"]);
  for (let r = 0; r < RIDERS; r++) users.push([`r${r}`, `+63918${String(r).padStart(7, "0")}`, "rider"]);
  const lines = [];
  for (let i = 0; i < users.length; i += 200) {
    const chunk = users.slice(i, i + 200);
    lines.push(
      `INSERT INTO users (id, phone_number, first_name, last_name, role, created_at, updated_at) VALUES ${chunk
        .map(([id, phone, role]) => `('${id}', '${phone}', 'Bench', '${id}', '${role}', ${now}, ${now})`)
        .join(", ")};`,
    );
    lines.push(
      `INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ${chunk
        .map(([id]) => `('${sha256(tokenOf(id))}', '${id}', ${now}, ${now + 86_400_000})`)
        .join(", ")};`,
    );
  }
  // Riders accept only while online (docs/guide/people-and-access.md#becoming-a-rider).
  lines.push(`UPDATE users SET rider_online = 1, rider_seen_at = ${now} WHERE role = 'rider';`);
  const rows = [];
  for (let i = 0; i < PENDING; i++) {
    rows.push(
      `('p${i}', 'c${i % CUSTOMERS}', 'pending', '1 Pickup St', 'Makati, Metro Manila', '09171234567', '2 Dropoff Ave', 'Quezon City, Metro Manila', '09181234567', 'documents', 'small', 'Parcel', 4000, 6000, 0, 10000, '11.6', '24 mins', ${now - i})`,
    );
  }
  const columns =
    "id, customer_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address, dropoff_city, dropoff_phone, package_type, package_size, package_description, base_fare, distance_fee, size_fee, total_fee, distance, estimated_duration, created_at";
  for (let i = 0; i < rows.length; i += 200)
    lines.push(`INSERT INTO deliveries (${columns}) VALUES ${rows.slice(i, i + 200).join(",\n")};`);
  return lines.join("\n");
}

/** CPU seconds (user + system) of the workerd processes in the dev server's process group. */
function workerdCpuSeconds(groupId) {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== groupId || !name.startsWith("workerd")) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

/**
 * Runs `next()` from CONCURRENCY clients until it returns null or the phase time is up. Each call
 * gives {url, init, ok(status)}. Counts requests and successes, and takes the CPU over the phase.
 */
async function phase(name, groupId, next) {
  const latencies = [];
  let requests = 0;
  let successes = 0;
  const failures = new Map();
  const examples = new Map();
  const cpuBefore = workerdCpuSeconds(groupId);
  const started = performance.now();
  const deadline = started + PHASE_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let call = next(); call && performance.now() < deadline; call = next()) {
        const t = performance.now();
        const response = await fetch(call.url, call.init);
        const body = await response.text();
        latencies.push(performance.now() - t);
        requests += 1;
        if (response.status === call.expect) successes += 1;
        else {
          failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
          if (!examples.has(response.status)) examples.set(response.status, body.slice(0, 160));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = workerdCpuSeconds(groupId) - cpuBefore;
  for (const [status, body] of examples) console.error(`${name}: ${status} ${body}`);
  return {
    name,
    requests,
    successes,
    failures,
    perSecond: successes / seconds,
    medianMs: median(latencies),
    cpuMsPerRequest: (cpu * 1000) / Math.max(1, requests),
  };
}

ensureDevVars();
const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-d1-writes-"));
let server;
const results = [];
try {
  applyMigrations({ persistTo, quiet: true });
  const file = path.join(persistTo, "fixture.sql");
  writeFileSync(file, fixtureSql(Date.now()));
  loadSql(persistTo, file);
  // D1_READ_SESSIONS=off runs the queries on the binding itself instead of a Sessions API session
  // (decision 0060), to compare the two.
  const vars = process.env.D1_READ_SESSIONS ? { D1_READ_SESSIONS: process.env.D1_READ_SESSIONS } : {};
  server = await startServer({ port: await freePort(), persistTo, quiet: true, vars });
  const groupId = server.child.pid;
  const origin = server.url;
  const headers = (id, json = false) => ({
    Cookie: `hatid_session=${tokenOf(id)}`,
    Origin: origin,
    ...(json ? { "Content-Type": "application/json" } : {}),
  });

  // Warm-up: the Worker, its modules and the database pages.
  for (let i = 0; i < 20; i++) await (await fetch(`${origin}/api/auth/user`, { headers: headers("c0") })).arrayBuffer();

  let n = 0;
  results.push(
    await phase("baseline GET /api/auth/user", groupId, () => ({
      url: `${origin}/api/auth/user`,
      init: { headers: headers(`c${n++ % CUSTOMERS}`) },
      expect: 200,
    })),
  );
  n = 0;
  const bookingInit = (id) => ({ method: "POST", headers: headers(id, true), body: JSON.stringify(BOOKING) });
  results.push(
    await phase("bookings POST /api/deliveries", groupId, () => ({
      url: `${origin}/api/deliveries`,
      init: bookingInit(`c${n++ % CUSTOMERS}`),
      expect: 201,
    })),
  );
  n = 0;
  results.push(
    await phase("accepts POST /api/deliveries/{id}/accept", groupId, () => {
      if (n >= PENDING) return null;
      const k = n++;
      return {
        url: `${origin}/api/deliveries/p${k}/accept`,
        init: { method: "POST", headers: headers(`r${k % RIDERS}`) },
        expect: 200,
      };
    }),
  );
  n = 0;
  results.push(
    await phase("baseline again GET /api/auth/user", groupId, () => ({
      url: `${origin}/api/auth/user`,
      init: { headers: headers(`c${n++ % CUSTOMERS}`) },
      expect: 200,
    })),
  );
} finally {
  await server?.stop();
  rmSync(persistTo, { recursive: true, force: true });
}

console.log(`\nwrangler dev + local D1, ${CONCURRENCY} concurrent clients, phases of up to ${PHASE_MS / 1000} s`);
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}\n`,
);
console.log("phase                                      ok/s  median  CPU/request  requests  other answers");
const base = results[0];
for (const r of results) {
  const other = [...r.failures].map(([status, count]) => `${count}x ${status}`).join(", ") || "-";
  console.log(
    `${r.name.padEnd(40)} ${r.perSecond.toFixed(0).padStart(6)} ${`${r.medianMs.toFixed(1)} ms`.padStart(8)} ${`${r.cpuMsPerRequest.toFixed(2)} ms`.padStart(12)} ${String(r.requests).padStart(9)}  ${other}`,
  );
}
for (const r of results.slice(1, 3)) {
  console.log(
    `${r.name}: ${(r.perSecond / base.perSecond).toFixed(2)}x the baseline's rate, ${(r.cpuMsPerRequest / base.cpuMsPerRequest).toFixed(2)}x its CPU per request`,
  );
}
