// What the benches that fill a local D1 and time the real app under `wrangler dev` share: the
// fixture SQL's literals, loading it, the admin's session, timing a call and its median and p95.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ROOT } from "../scripts/local-env.mjs";

const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");
export const DAY_MS = 24 * 60 * 60 * 1000;
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The bench admin's session token (its SHA-256 goes in the fixture's `sessions` row). */
export const ADMIN_TOKEN = "bench-admin-session-token-0123456789abcdef0123456789abcdef";

/** A value as an SQL literal (the fixtures are SQL text, no bound parameters). */
export const sql = (value) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
export const manilaDate = (at) => new Date(at + MANILA_OFFSET_MS).toISOString().slice(0, 10);

/** Runs the SQL file against the local D1 kept in `persistTo`. */
export function loadSql(persistTo, file) {
  const result = spawnSync(
    WRANGLER,
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout}\n${result.stderr}`);
}

/** One GET as the bench admin: how long the whole answer took, and its body (a non-2xx answer throws). */
export async function timeAsAdmin(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: `hatid_session=${ADMIN_TOKEN}` } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return { elapsed, body };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const p95 = (values) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
