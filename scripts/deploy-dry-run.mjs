// `wrangler deploy --dry-run`: the Worker bundled exactly as `npm run deploy` would upload it, with
// no Cloudflare account and nothing sent anywhere. `npm test` runs it (beside the type-check) and
// fails when it fails or when the bundle is over the platform's size limit; bench/deploy-size.mjs
// measures the same bundle. Needs the app built (`npm run build`): the Worker imports the Remix
// server build (build/server/index.js).
//
//   node scripts/deploy-dry-run.mjs      (after npm run build)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");

/**
 * Cloudflare's documented limits for a Worker, as read on 2026-11-29 at
 * https://developers.cloudflare.com/workers/platform/limits/ ("Worker size", "Worker startup
 * time"). Since 2026-09-04 the size limit is 64 MiB of uncompressed script on every plan; the
 * compressed limits it replaced (3 MB gzipped on Workers Free, 10 MB on Workers Paid) are kept
 * here for comparison, since many guides still quote them. Startup (parsing and running the
 * Worker's global scope) may take 1 second on both plans.
 */
export const WORKER_LIMITS = {
  page: "https://developers.cloudflare.com/workers/platform/limits/",
  readOn: "2026-11-29",
  sizeBytes: 64 * 1024 * 1024,
  formerGzipBytes: { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 },
  startupMs: 1000,
};

/**
 * Runs the dry run into `outdir` (with esbuild's metafile beside the bundle) and answers wrangler's
 * output and the bundle's sizes as wrangler counts them: every module's bytes, and gzip of them all
 * at zlib's default level. Throws with wrangler's output when it fails.
 */
export function deployDryRun(outdir) {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")))
    throw new Error("No Remix server build (build/server/index.js): run `npm run build` first.");
  const result = spawnSync(
    WRANGLER,
    ["deploy", "--dry-run", "--outdir", outdir, "--metafile", path.join(outdir, "bundle-meta.json")],
    {
      cwd: ROOT,
      encoding: "utf8",
      // No banner: it is also wrangler's check for a newer version on the npm registry.
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true" },
    },
  );
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed (exit ${result.status}):\n${output}`);
  const modules = readdirSync(outdir).filter((name) => /\.(m?js|wasm)$/.test(name));
  if (modules.length === 0) throw new Error(`wrangler deploy --dry-run wrote no module to ${outdir}:\n${output}`);
  const contents = Buffer.concat(modules.map((name) => readFileSync(path.join(outdir, name))));
  return { output, modules, bytes: contents.byteLength, gzipBytes: gzipSync(contents).byteLength };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line: the bundle's size beside the limit. */
export const sizeLine = ({ bytes, gzipBytes }) =>
  `Worker bundle: ${kib(bytes)} (${((100 * bytes) / WORKER_LIMITS.sizeBytes).toFixed(1)}% of the ${WORKER_LIMITS.sizeBytes / 1024 / 1024} MiB limit), gzip ${kib(gzipBytes)}`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = mkdtempSync(path.join(tmpdir(), "hatid-deploy-"));
  try {
    const bundle = deployDryRun(outdir);
    console.log(sizeLine(bundle));
    if (bundle.bytes > WORKER_LIMITS.sizeBytes) {
      console.error(`Over Cloudflare's Worker size limit (${WORKER_LIMITS.page}): the deploy would be refused.`);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
