// bench/ws-fanout-profile: where the rooms' CPU per update goes, beside the bare Durable Object echo.
// Runs bench/ws-fanout.mjs (2 pairs unless BENCH_PAIRS is set; every BENCH_* setting passes through)
// with Linux `perf` sampling each server's workerd (cpu-clock, 499 Hz, frame-pointer call chains),
// then sorts the samples of each server's busy windows by what the runtime was doing (the socket
// message's event, the flush's timer, the local D1's request and transaction, garbage collection)
// and prints each as CPU per update, rooms beside echo (each server's own workerd: wrangler's dev
// proxy, about 0.33 ms per update for both, is not sampled). A window-to-window swing of 10-20 % in the
// bench's CPU figure hides a change of 0.02 ms; a category's share does not (bench/README.md).
// Its categories assume the servers run without wrangler's local observability collector (decision
// 0198), whose own Durable Object's transactions would count with local D1's.
// Needs `perf` and leave to sample (root, or kernel.perf_event_paranoid <= 1).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const HZ = 499;
const ROOT = path.join(path.dirname(new URL(import.meta.url).pathname), "..");
/** First match wins: a sample counts for the first category whose frame is anywhere in its call chain. */
const CATEGORIES = [
  ["wrangler's local observability collector", "TailStream"],
  ["flush: the timer's callback", "setTimeoutImpl"],
  ["flush: local D1's transaction", "DurableObjectStorage::transaction"],
  ["flush: local D1's request", "WorkerEntrypoint::requestImpl"],
  ["RPC", "JsRpcTargetBase::callImpl"],
  ["a socket's message (its event)", "HibernatableWebSocketCustomEvent"],
  ["the alarm", "AlarmCustomEvent"],
  ["an object evicted", "Actor::~Actor"],
  ["garbage collection", "Heap::CollectGarbage"],
  ["garbage collection (concurrent)", "ConcurrentMarking"],
  ["socket reads", "readLoop"],
  ["SQLite (other)", "sqlite3"],
];

if (spawnSync("perf", ["--version"]).status !== 0) {
  console.error("ws-fanout-profile: needs Linux `perf` (apt install linux-perf)");
  process.exit(1);
}
const out = mkdtempSync(path.join(tmpdir(), "hatid-profile-"));
const bench = spawn(process.execPath, [path.join(ROOT, "bench", "ws-fanout.mjs")], {
  cwd: ROOT,
  // Two servers, the app's and the bare echo's: the windows and labels below are theirs, so a
  // BENCH_ECHO_WRITES from the shell (a third server, or the echo relabelled) is not passed on.
  env: { BENCH_PAIRS: "2", BENCH_STEPS: "", ...process.env, BENCH_ECHO_WRITES: "" },
  stdio: ["ignore", "pipe", "inherit"],
});
let log = "";
bench.stdout.on("data", (chunk) => {
  log += chunk;
  process.stdout.write(chunk);
});

/** The `wrangler dev` servers' user workerd processes (the app's, then the echo's), by start time. */
function serverWorkerds() {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!/socket-addr=entry=127\.0\.0\.1:0\b/.test(readFileSync(`/proc/${entry}/cmdline`, "utf8"))) continue;
      const startedAt = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[19]);
      found.push({ pid: Number(entry), startedAt });
    } catch {
      // gone meanwhile
    }
  }
  return found.sort((a, b) => a.startedAt - b.startedAt).map(({ pid }) => pid);
}

const recorders = [];
const watch = setInterval(() => {
  const pids = serverWorkerds();
  if (pids.length < 2) return;
  clearInterval(watch);
  pids.slice(0, 2).forEach((pid, index) => {
    const file = path.join(out, `${index === 0 ? "rooms" : "echo"}.data`);
    recorders.push({
      file,
      done: new Promise((resolve) =>
        spawn(
          "perf",
          ["record", "-q", "-e", "cpu-clock", "-F", String(HZ), "--call-graph", "fp", "-p", String(pid), "-o", file],
          { stdio: "ignore" },
        ).on("exit", resolve),
      ),
    });
  });
}, 250);

const code = await new Promise((resolve) => bench.on("exit", resolve));
clearInterval(watch);
await Promise.all(recorders.map(({ done }) => done));
try {
  if (code !== 0 || recorders.length < 2)
    throw new Error(`the bench exited with ${code}${recorders.length < 2 ? " before both servers were found" : ""}`);
  report();
} finally {
  rmSync(out, { recursive: true, force: true });
}

function perfScript(file, fields, time) {
  const args = ["script", "-i", file, "-F", fields, ...(time ? ["--time", time] : [])];
  return spawnSync("perf", args, { encoding: "utf8", maxBuffer: 1 << 30 }).stdout;
}

/**
 * The busy stretches of a server's samples: runs of 25 s or longer of seconds at over half its usual
 * busy second (the 70th percentile: the steady windows are most of a server's sampled seconds; its
 * start and its objects' waking are brief spikes above them, the flushes after a window a trickle).
 */
function busyWindows(file) {
  const perSecond = new Map();
  for (const line of perfScript(file, "time").split("\n")) {
    const second = Math.floor(Number.parseFloat(line));
    if (Number.isFinite(second)) perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const counts = [...perSecond.values()].sort((a, b) => a - b);
  const usual = counts[Math.floor(counts.length * 0.7)];
  const seconds = [...perSecond.keys()].filter((second) => perSecond.get(second) >= usual / 2).sort((a, b) => a - b);
  const windows = [];
  let start = seconds[0];
  for (let i = 1; i <= seconds.length; i++) {
    if (i < seconds.length && seconds[i] === seconds[i - 1] + 1) continue;
    if (seconds[i - 1] - start >= 25) windows.push([start, seconds[i - 1]]);
    start = seconds[i];
  }
  return windows;
}

/** Samples per category over a server's busy windows (each trimmed by 2 s at its start, 1 s at its end). */
function categorized(file) {
  const windows = busyWindows(file);
  const counts = new Map();
  let total = 0;
  for (const [from, to] of windows) {
    for (const sample of perfScript(file, "ip,sym", `${from + 2},${to - 1}`).split("\n\n")) {
      if (!sample.trim()) continue;
      total++;
      const category =
        CATEGORIES.find(([, frame]) => sample.includes(frame))?.[0] ?? "the rest (socket writes, the runtime's own)";
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
  }
  return { windows, counts, total, seconds: windows.reduce((sum, [from, to]) => sum + (to - 1 - (from + 2)), 0) };
}

function report() {
  const rooms = categorized(recorders[0].file);
  const echo = categorized(recorders[1].file);
  if (rooms.seconds <= 0 || echo.seconds <= 0) {
    throw new Error("perf recorded no busy window of a server (is sampling allowed? see kernel.perf_event_paranoid)");
  }
  // Updates per second in each server's windows, from the bench's own lines (1 per rider and second).
  const rate = (label) => {
    const lines = log.split("\n").filter((line) => line.startsWith(label) && / sent +\d+ \((\d+)\/s\)/.test(line));
    const rates = lines.map((line) => Number(/ sent +\d+ \((\d+)\/s\)/.exec(line)[1]));
    return rates.reduce((a, b) => a + b, 0) / rates.length;
  };
  const roomsRate = rate("worker+DO  ");
  const echoRate = rate("bare DO echo  ");
  const perUpdate = (samples, seconds, perSecond) => (samples / HZ / seconds / perSecond) * 1000;
  console.log(
    `\n== where the CPU per update goes (perf, ${HZ} Hz; rooms ${rooms.windows.length} windows, ${rooms.seconds} s; echo ${echo.windows.length} windows, ${echo.seconds} s) ==`,
  );
  const names = [...new Set([...CATEGORIES.map(([name]) => name), "the rest (socket writes, the runtime's own)"])];
  console.log(`${"".padEnd(44)}${"rooms".padStart(9)}${"echo".padStart(9)}${"added".padStart(9)}  (ms per update)`);
  for (const name of [...names, "all"]) {
    const r = name === "all" ? rooms.total : (rooms.counts.get(name) ?? 0);
    const e = name === "all" ? echo.total : (echo.counts.get(name) ?? 0);
    if (r === 0 && e === 0) continue;
    const a = perUpdate(r, rooms.seconds, roomsRate);
    const b = perUpdate(e, echo.seconds, echoRate);
    console.log(
      `${name.padEnd(44)}${a.toFixed(3).padStart(9)}${b.toFixed(3).padStart(9)}${(a - b).toFixed(3).padStart(9)}`,
    );
  }
}
