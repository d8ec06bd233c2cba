// Shared by `npm start` and the browser tests: everything a local Hatid needs, on this machine only.
import { spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServiceWorker } from "./build-service-worker.mjs";
import { buildPageScripts } from "./build-page-scripts.mjs";
import { chromiumPaths } from "./chromium.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");
const REMIX = path.join(ROOT, "node_modules", ".bin", "remix");
const DEV_SERVER = path.join(ROOT, "scripts", "dev-server.mjs");

/** Creates .dev.vars (never committed) with a fresh session secret and VAPID key pair; keeps existing ones. */
export function ensureDevVars() {
  const file = path.join(ROOT, ".dev.vars");
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const lines = existing.split("\n").filter((line) => line.trim() !== "");
  const has = (name) => lines.some((line) => line.startsWith(`${name}=`));
  let changed = false;
  if (!has("SESSION_SECRET")) {
    lines.push(`SESSION_SECRET=${randomBytes(32).toString("hex")}`);
    changed = true;
  }
  if (!has("BALLOT_SECRET")) {
    // Keys the secret ballots (decision 0216): a ballot's row is HMAC(BALLOT_SECRET, proposal:member).
    lines.push(`BALLOT_SECRET=${randomBytes(32).toString("hex")}`);
    changed = true;
  }
  if (!has("VAPID_PUBLIC_KEY") || !has("VAPID_PRIVATE_KEY")) {
    // Web Push's VAPID key pair (RFC 8292): the public key as the raw P-256 point, the private as `d`, base64url.
    const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ format: "jwk" });
    const publicKey = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x, "base64url"),
      Buffer.from(jwk.y, "base64url"),
    ]).toString("base64url");
    const kept = lines.filter(
      (line) => !line.startsWith("VAPID_PUBLIC_KEY=") && !line.startsWith("VAPID_PRIVATE_KEY="),
    );
    lines.length = 0;
    lines.push(...kept, `VAPID_PUBLIC_KEY=${publicKey}`, `VAPID_PRIVATE_KEY=${jwk.d}`);
    changed = true;
  }
  if (!has("ENVIRONMENT")) {
    lines.push("ENVIRONMENT=development");
    changed = true;
  }
  if (changed) writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  return { file, created: !existing };
}

function run(command, args, { quiet = false, env = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status})`);
  }
  return result.stdout;
}

/**
 * The production build, whatever NODE_ENV the caller's shell (or a test runner) has. Under the
 * browser tests (HATID_APP_BUILT=1, set by vitest.browser.config.ts after `npm test` or
 * `npm run test:browser` built the app) it is skipped: building again would take a core for half
 * a minute and rewrite the files the running test servers serve.
 */
export function build({ quiet = false } = {}) {
  if (process.env.HATID_APP_BUILT === "1") {
    if (!quiet) console.log("(already built for this test run)");
    return;
  }
  // The public pages' scripts (decision 0188): their manifest before the server bundle, their files
  // after `remix build` (it empties public/build).
  buildPageScripts({ manifestOnly: true });
  run(REMIX, ["build"], { quiet, env: { NODE_ENV: "production" } });
  buildPageScripts();
  buildServiceWorker();
}

const persistArgs = (persistTo) => (persistTo ? ["--persist-to", persistTo] : []);

/**
 * Brings the local D1 up to date with `migrations/`. A database that does not exist yet gets every
 * migration in one `wrangler d1 execute --file`, each followed by the row wrangler's own
 * `d1 migrations apply` records for it (its `d1_migrations` table, same DDL), so later applies see
 * them as applied: wrangler applies each migration in a call of its own, 23 s for 28 files here
 * against 4 s at once, and the browser suite and `npm start` create several databases.
 */
export function applyMigrations({ persistTo, quiet = false } = {}) {
  if (!localDatabaseExists(persistTo)) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "hatid-migrations-")), "all.sql");
    try {
      writeFileSync(file, allMigrationsSql());
      run(WRANGLER, ["d1", "execute", "DB", "--local", "--yes", ...persistArgs(persistTo), "--file", file], {
        quiet: true,
      });
    } finally {
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }
  run(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], { quiet });
}

/** `npm start`'s steps before its server starts: the production build, then the local D1's migrations. */
export function buildAndMigrate(persistTo) {
  console.log("Building…");
  build();
  console.log("Applying D1 migrations to the local database…");
  applyMigrations({ persistTo, quiet: true });
}

const MIGRATIONS_DIR = path.join(ROOT, "migrations");

/** Whether the local D1 (under `persistTo`, or wrangler's default state folder) has been created. */
function localDatabaseExists(persistTo) {
  const folder = path.join(
    persistTo ?? path.join(ROOT, ".wrangler", "state"),
    "v3",
    "d1",
    "miniflare-D1DatabaseObject",
  );
  return (
    existsSync(folder) && readdirSync(folder).some((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
  );
}

/** Every migration in wrangler's order, each with the bookkeeping row `wrangler d1 migrations apply` writes. */
function allMigrationsSql() {
  const names = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const table = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;
  const each = names.map(
    (name) =>
      `${readFileSync(path.join(MIGRATIONS_DIR, name), "utf8")}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replace(/'/g, "''")}');`,
  );
  return [table, ...each].join("\n");
}

/**
 * Loads the demo accounts and deliveries through the running app's development-only seed route,
 * so the demo rows are priced by the same modules as real bookings. Rows are inserted with
 * ON CONFLICT DO NOTHING: a second load changes nothing.
 */
export async function loadDemoData(url) {
  const response = await fetch(`${url}/api/dev/seed`, { method: "POST", headers: { Origin: url } });
  if (!response.ok) throw new Error(`Loading demo data failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The start banner's demo accounts, one a line, from the accounts the demo data answered with (app/demo). */
export const demoAccountLines = (accounts) =>
  accounts.map(({ number, name, about }) => `    ${number}  ${name.padEnd(16)} ${about}`).join("\n");

/**
 * Whether the browser tests can run: they need Debian's Chromium, and run faster with its headless
 * shell (decision 0195). Outside CI a machine without either says so in one line and goes on
 * (without Chromium the browser tests are skipped); under CI=true a missing one is a failure.
 */
export function browserTestsStatus() {
  const { chromium, headlessShell } = chromiumPaths();
  const install = "apt-get install -y chromium chromium-headless-shell";
  const ci = process.env.CI === "true";
  if (!existsSync(chromium)) {
    if (ci)
      return {
        run: false,
        fail: true,
        message: `Browser tests need Chromium at ${chromium} (${install}); CI=true, so this fails.`,
      };
    return {
      run: false,
      fail: false,
      message: `Skipping browser tests: no Chromium at ${chromium} (install it with: ${install}).`,
    };
  }
  if (!headlessShell) {
    const message = `No Chromium headless shell (${install}): the browser tests use the full Chromium, which takes about twice the CPU.`;
    if (ci) return { run: false, fail: true, message: `${message} CI=true, so this fails.` };
    return { run: true, note: message };
  }
  return { run: true };
}

/**
 * A free port for a server that binds it seconds later (wrangler, after migrations). Chosen below
 * the kernel's ephemeral range: a port from that range can be taken meanwhile by any outgoing
 * connection (the browser tests open thousands), which made `npm start` under test fail with
 * "Address already in use".
 */
export async function freePort() {
  const [low] = existsSync(EPHEMERAL_RANGE)
    ? readFileSync(EPHEMERAL_RANGE, "utf8").trim().split(/\s+/).map(Number)
    : [32768];
  const floor = 10_000;
  const ceiling = Number.isInteger(low) && low > floor + 1000 ? low : 32768;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = floor + Math.floor(Math.random() * (ceiling - floor));
    if (await canListen(port)) return port;
  }
  return listenOn(0);
}

const EPHEMERAL_RANGE = "/proc/sys/net/ipv4/ip_local_port_range";
const canListen = (port) =>
  listenOn(port).then(
    () => true,
    () => false,
  );

function listenOn(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/**
 * Lines wrangler prints on a machine without internet that mean nothing for a local Hatid: it
 * tries to download the `Request.cf` placeholder data and falls back to a default one.
 */
const OFFLINE_NOISE = [
  /Unable to fetch the `Request\.cf` object/,
  /getaddrinfo (ENOTFOUND|EAI_AGAIN) workers\.cloudflare\.com/,
  /^\s+at GetAddrInfoReqWrap/,
];

function passThrough(stream, target, filter) {
  if (!filter) return stream.pipe(target);
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (!OFFLINE_NOISE.some((noise) => noise.test(line))) target.write(`${line}\n`);
  });
  stream.on("end", () => pending && target.write(pending));
}

/**
 * Starts the app under `wrangler dev` and resolves once it answers HTTP. `stop()` ends it and its
 * children. With `watch` (`npm start`), it is wrangler's CLI, which reloads the Worker when its
 * files change; without, the same engine with no file watching (scripts/dev-server.mjs, decision
 * 0194), for servers whose files never change while they run. `config` names another wrangler
 * config; `inspectorPort` opens the DevTools inspector there (always open with `watch`). With
 * `filterOfflineNoise`, wrangler's output is shown without its offline warnings.
 */
export async function startServer({
  port,
  persistTo,
  quiet = false,
  filterOfflineNoise = false,
  timeoutMs = 60_000,
  vars = {},
  watch = false,
  config,
  inspectorPort,
}) {
  const command = watch
    ? [
        WRANGLER,
        [
          "dev",
          "--port",
          String(port),
          "--ip",
          "127.0.0.1",
          "--show-interactive-dev-session=false",
          ...persistArgs(persistTo),
          ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
          ...(config ? ["--config", config] : []),
          ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
        ],
      ]
    : [
        process.execPath,
        [
          DEV_SERVER,
          JSON.stringify({ config: config ?? path.join(ROOT, "wrangler.toml"), port, persistTo, inspectorPort, vars }),
        ],
      ];
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    stdio: [
      "ignore",
      quiet || filterOfflineNoise ? "pipe" : "inherit",
      quiet || filterOfflineNoise ? "pipe" : "inherit",
    ],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", BROWSER: "none" },
    detached: true,
  });
  let output = "";
  if (quiet) {
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
  } else if (filterOfflineNoise) {
    passThrough(child.stdout, process.stdout, true);
    passThrough(child.stderr, process.stderr, true);
  }
  let exited = false;
  child.on("exit", () => (exited = true));

  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      child.once("exit", () => resolve());
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 5_000).unref();
    });

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`wrangler dev exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.arrayBuffer();
      return { url, child, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms:\n${output}`);
}

/**
 * Keeps `npm start` (and `npm run start:providers`) in the foreground until Ctrl+C, a kill, or the
 * server's own exit; then stops the server and `alsoStop` (the contract fakes). npm runs these
 * scripts through `sh -c`: if npm or that shell dies without passing the signal on, this process
 * is re-parented, which is noticed, and wrangler and workerd are stopped rather than left holding
 * the port.
 */
export function stopWithTheTerminal(server, alsoStop = async () => {}) {
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    await alsoStop();
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => shutdown());
  server.child.on("exit", (code) => shutdown(code ?? 0));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown();
  }, 500).unref();
}
