// Benchmark: the Worker as Cloudflare would receive it (`wrangler deploy --dry-run`, the bundle of
// workers/app.ts with the Remix server build in it) and how long it takes to start, beside the
// platform's documented limits (scripts/deploy-dry-run.mjs, WORKER_LIMITS: 64 MiB of script, 1 s
// to parse and run the global scope) and beside a trivial Worker started the same way in the same
// run (the same wrangler.toml bindings, one Durable Object class, a fetch that answers 204).
//
//   npm run bench:deploy          (builds first)
//   node bench/deploy-size.mjs    (uses the existing build)
//
// Printed:
// - the bundle's size and its gzip (as wrangler counts them), against the limit, and what fills it
//   (esbuild's metafile: the Remix server build, then each package and app folder the Worker
//   imports itself; with the Remix build's own metafile, what fills that);
// - startup, BENCH_RUNS rounds (default 5) after one unmeasured round, each round starting a fresh
//   workerd (Miniflare, what `wrangler dev` runs) for the app and for the trivial Worker, in turn:
//   * the global scope as the Worker itself times it: a module that `import()`s the bundle inside
//     its first request (what `wrangler check startup` profiles) and answers the milliseconds, and
//     the CPU workerd spent meanwhile (Linux /proc; 10 ms ticks), which is held to the limit;
//   * from starting workerd with the bundle to the first answered request (`OPTIONS /`, which the
//     Worker answers without D1): wall time, the CPU the workerd process spent until then (the
//     app's beyond the trivial Worker's is its own startup), and Miniflare's CPU in this process.
// Medians, with the spread; ratios app / trivial. Exits 1 if the bundle is over the size limit or
// the global scope's median is over the startup limit. wrangler 4.156's dry run prints no startup
// time: Cloudflare measures it when the script is uploaded, and `npm run deploy` prints it then
// ("Worker Startup Time").
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { deployDryRun, WORKER_LIMITS } from "../scripts/deploy-dry-run.mjs";
import { ROOT } from "../scripts/local-env.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const startedAt = Date.now();
const loadAtStart = os.loadavg();

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const share = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))})`;

/** An input's group: the Remix server build, a package under node_modules, or an app folder. */
function groupOf(input) {
  if (input === "build/server/index.js") return "the Remix server build (build/server/index.js)";
  const inPackage = input.split("node_modules/");
  if (inPackage.length > 1) {
    const parts = inPackage.at(-1).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return input.split("/").slice(0, 2).join("/");
}

/** Bytes in the output by group, largest first. */
function groups(inputs) {
  const totals = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(inputs))
    totals.set(groupOf(input), (totals.get(groupOf(input)) ?? 0) + bytesInOutput);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

// 1. The bundle.
const outdir = mkdtempSync(path.join(tmpdir(), "hatid-bench-deploy-"));
const trivialDir = mkdtempSync(path.join(tmpdir(), "hatid-bench-trivial-"));
let failed = false;
try {
  const bundle = deployDryRun(outdir);
  console.log(`\nThe Worker as \`wrangler deploy --dry-run\` bundles it (${bundle.modules.join(", ")})\n`);
  console.log(
    `size          ${kib(bundle.bytes)}, ${share(bundle.bytes, WORKER_LIMITS.sizeBytes)} of the limit (${WORKER_LIMITS.sizeBytes / 1024 / 1024} MiB, every plan)`,
  );
  console.log(
    `gzip          ${kib(bundle.gzipBytes)}; the compressed limits removed on 2026-09-04 were 3 MB (Free, ${share(bundle.gzipBytes, WORKER_LIMITS.formerGzipBytes.free)}) and 10 MB (Paid, ${share(bundle.gzipBytes, WORKER_LIMITS.formerGzipBytes.paid)})`,
  );
  if (bundle.bytes > WORKER_LIMITS.sizeBytes) failed = true;

  const meta = JSON.parse(readFileSync(path.join(outdir, "bundle-meta.json"), "utf8"));
  const [, output] = Object.entries(meta.outputs).find(([name]) => name.endsWith(".js") && !name.endsWith(".map"));
  console.log("\nwhat fills it (bytes in the bundle, unminified: wrangler.toml sets no minify)");
  for (const [group, bytes] of groups(output.inputs).slice(0, 10))
    console.log(`  ${kib(bytes).padStart(11)}  ${share(bytes, output.bytes).padStart(6)}  ${group}`);
  const remixMeta = JSON.parse(readFileSync(path.join(ROOT, "build", "server", "metafile.server.json"), "utf8"));
  const remixOutput = remixMeta.outputs["build/server/index.js"];
  if (remixOutput) {
    console.log(`\nthe Remix server build itself (${kib(remixOutput.bytes)} minified)`);
    for (const [group, bytes] of groups(remixOutput.inputs).slice(0, 8))
      console.log(`  ${kib(bytes).padStart(11)}  ${share(bytes, remixOutput.bytes).padStart(6)}  ${group}`);
    // What workers/ imports itself (its cron, the rooms) that the Remix build holds a copy of too.
    const inRemix = new Set(groups(remixOutput.inputs).map(([group]) => group));
    const twice = groups(output.inputs).filter(([group]) => inRemix.has(group));
    const twiceBytes = twice.reduce((sum, [, bytes]) => sum + bytes, 0);
    if (twice.length > 0)
      console.log(
        `\nin the bundle twice, beside their copy in the Remix build, ${kib(twiceBytes)}: ${twice
          .slice(0, 8)
          .map(([group, bytes]) => `${group} ${kib(bytes)}`)
          .join(", ")}${twice.length > 8 ? ", …" : ""}`,
      );
  }

  // 2. Startup.
  // wrangler.toml's runtime and bindings (its vars only: not .dev.vars, which `wrangler dev` adds).
  const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml") });
  const runtime = { compatibilityDate: config.compatibility_date, compatibilityFlags: config.compatibility_flags };
  const sqliteClasses = new Set(config.migrations.flatMap((migration) => migration.new_sqlite_classes ?? []));
  const withBindings = {
    ...runtime,
    bindings: { ...config.vars },
    d1Databases: Object.fromEntries(config.d1_databases.map((database) => [database.binding, database.database_id])),
    r2Buckets: Object.fromEntries(config.r2_buckets.map((bucket) => [bucket.binding, bucket.bucket_name])),
    durableObjects: Object.fromEntries(
      config.durable_objects.bindings.map((binding) => [
        binding.name,
        { className: binding.class_name, useSQLite: sqliteClasses.has(binding.class_name) },
      ]),
    ),
  };
  const classes = config.durable_objects.bindings.map((binding) => binding.class_name);
  writeFileSync(
    path.join(trivialDir, "app.js"),
    `import { DurableObject } from "cloudflare:workers";\n${classes.map((name) => `export class ${name} extends DurableObject {}`).join("\n")}\nexport default { fetch: () => new Response(null, { status: 204 }) };\n`,
  );
  const variants = [
    { name: "app", dir: outdir, main: bundle.modules.find((name) => name.endsWith(".js")) },
    { name: "trivial Worker", dir: trivialDir, main: "app.js" },
  ];
  for (const variant of variants) {
    // Imports the bundle in its first request and answers how long that took, by the Worker's clock.
    writeFileSync(
      path.join(variant.dir, "__startup.js"),
      `export default { async fetch() { const started = Date.now(); await import(${JSON.stringify(`./${variant.main}`)}); return new Response(String(Date.now() - started)); } };\n`,
    );
    variant.samples = { globalScope: [], globalScopeCpu: [], firstAnswer: [], workerdCpu: [], nodeCpu: [] };
  }
  const modulesOf = (variant, main) => ({
    modulesRoot: variant.dir,
    modules: [
      main,
      ...readdirSync(variant.dir).filter((name) => /\.(m?js)$/.test(name) && name !== main && name !== "__startup.js"),
    ].map((name) => ({ type: "ESModule", path: path.join(variant.dir, name) })),
  });

  /** The pids of this process's children (Miniflare's workerd among them). */
  const children = () => {
    try {
      return new Set(
        readdirSync("/proc/self/task").flatMap((task) =>
          readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
        ),
      );
    } catch {
      return new Set();
    }
  };
  /** A process's CPU (user + system) in ms, from /proc; null where there is none. */
  const cpuMs = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return null;
    }
  };

  /** Starts workerd (Miniflare) with these options: the instance and workerd's pid (null without /proc). */
  async function startWorkerd(options) {
    const before = children();
    const mf = new Miniflare(convertV4MiniflareOptions(options));
    await mf.ready;
    const started = [...children()].filter(
      (pid) => !before.has(pid) && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd",
    );
    return { mf, pid: started.length === 1 ? started[0] : null };
  }

  /** The bundle imported in a request: the milliseconds by the Worker's clock, and workerd's CPU meanwhile. */
  async function globalScope(variant) {
    const { mf, pid } = await startWorkerd({ ...runtime, ...modulesOf(variant, "__startup.js") });
    try {
      const cpuBefore = pid && cpuMs(pid);
      const answer = await mf.dispatchFetch("http://localhost/");
      const text = await answer.text();
      const cpuAfter = pid && cpuMs(pid);
      if (!answer.ok)
        throw new Error(`${variant.name}: importing the bundle answered ${answer.status}: ${text.slice(0, 300)}`);
      return { ms: Number(text), cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
    } finally {
      await mf.dispose();
    }
  }

  /** From starting workerd with the bundle and its bindings to the answer of `OPTIONS /`: wall time, workerd's CPU, this process's CPU. */
  async function firstAnswer(variant) {
    const started = performance.now();
    const nodeCpuBefore = process.cpuUsage();
    const { mf, pid } = await startWorkerd({ ...withBindings, ...modulesOf(variant, variant.main) });
    try {
      const answer = await mf.dispatchFetch("http://localhost/", { method: "OPTIONS" });
      await answer.arrayBuffer();
      const elapsed = performance.now() - started;
      const nodeCpu = process.cpuUsage(nodeCpuBefore);
      if (answer.status !== 204) throw new Error(`${variant.name}: OPTIONS / answered ${answer.status}`);
      return { elapsed, cpu: pid && cpuMs(pid), nodeCpu: (nodeCpu.user + nodeCpu.system) / 1000 };
    } finally {
      await mf.dispose();
    }
  }

  for (let round = 0; round <= RUNS; round++) {
    for (const variant of variants) {
      const scope = await globalScope(variant);
      const { elapsed, cpu, nodeCpu } = await firstAnswer(variant);
      if (round === 0) continue;
      variant.samples.globalScope.push(scope.ms);
      if (scope.cpu !== null) variant.samples.globalScopeCpu.push(scope.cpu);
      variant.samples.firstAnswer.push(elapsed);
      variant.samples.nodeCpu.push(nodeCpu);
      if (cpu !== null) variant.samples.workerdCpu.push(cpu);
    }
  }

  const [app, trivial] = variants;
  console.log(
    `\nstartup: ${RUNS} round${RUNS === 1 ? "" : "s"} after one unmeasured, each a fresh workerd per measure; median (min-max)\n`,
  );
  console.log(`${"".padEnd(39)}${"app".padEnd(22)}${"trivial Worker".padEnd(22)}app / trivial`);
  const row = (label, key, compare = "ratio") => {
    const [a, t] = [app.samples[key], trivial.samples[key]];
    if (a.length === 0 || t.length === 0) return console.log(`${label.padEnd(39)}n/a (no /proc)`);
    // A trivial global scope takes about 0 ms: there the difference says more than a ratio.
    const versus =
      compare === "ratio" ? `${(median(a) / median(t)).toFixed(2)}x` : `+${Math.round(median(a) - median(t))} ms`;
    console.log(`${label.padEnd(39)}${spread(a).padEnd(22)}${spread(t).padEnd(22)}${versus}`);
  };
  row("global scope (import in a request)", "globalScope", "difference");
  row("  workerd's CPU meanwhile", "globalScopeCpu", "difference");
  row("start to first answer (wall)", "firstAnswer");
  row("  workerd's CPU until then", "workerdCpu");
  row("  Miniflare's CPU (this process)", "nodeCpu");
  // Held to the limit by workerd's CPU where there is /proc: the Worker's clock also counts the
  // time other processes of a busy machine took the core.
  const scopeCpu = app.samples.globalScopeCpu.length > 0 ? median(app.samples.globalScopeCpu) : null;
  const scope = scopeCpu ?? median(app.samples.globalScope);
  console.log(
    `\nglobal scope: ${Math.round(scope)} ms${scopeCpu === null ? "" : " of workerd's CPU"}, ${share(scope, WORKER_LIMITS.startupMs)} of the ${WORKER_LIMITS.startupMs / 1000} s startup limit (on this machine; Cloudflare measures its own when the script is uploaded)`,
  );
  if (app.samples.workerdCpu.length > 0 && trivial.samples.workerdCpu.length > 0) {
    const own = median(app.samples.workerdCpu) - median(trivial.samples.workerdCpu);
    console.log(
      `workerd's CPU for the app beyond the trivial Worker's: ${Math.round(own)} ms (compiling and running the bundle, and reading its ${kib(bundle.bytes)})`,
    );
  }
  if (scope > WORKER_LIMITS.startupMs) failed = true;
  console.log(`\nlimits: ${WORKER_LIMITS.page} (read ${WORKER_LIMITS.readOn})`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(trivialDir, { recursive: true, force: true });
}
const load = (values) => values.map((l) => l.toFixed(2)).join(" ");
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end`,
);
console.log(`total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
if (failed) {
  console.error("Over a limit: see above.");
  process.exit(1);
}
