// The app under `wrangler dev`'s own engine (unstable_startWorker, what the CLI runs) without its
// file watching, for the servers of the tests and benchmarks, which never change files under a
// running server. The CLI always watches: its bundler (esbuild) polls every source file, about 1 s
// of CPU a minute per server, a twentieth of the 2-core machine's CPU in the browser tests, which
// run five such servers (decision 0198). Started by scripts/local-env.mjs, startServer(); the
// options come as one JSON argument.
import { unstable_startWorker } from "wrangler";

const { config, port, persistTo, inspectorPort, vars } = JSON.parse(process.argv[2] ?? "{}");
// Without wrangler's local observability collector either (its local explorer's store of every
// invocation, about half of a bench server's CPU per update; decision 0198), unless the caller set it.
process.env.X_LOCAL_OBSERVABILITY ??= "false";

const worker = await unstable_startWorker({
  config,
  bindings: Object.fromEntries(
    Object.entries(vars ?? {}).map(([name, value]) => [name, { type: "plain_text", value }]),
  ),
  dev: {
    server: { hostname: "127.0.0.1", port },
    inspector: inspectorPort ? { hostname: "127.0.0.1", port: inspectorPort } : false,
    persist: persistTo,
    watch: false,
    remote: false,
    // Warnings and errors only: at wrangler's default level every request's log line is a call to
    // this process (about 2 ms of its CPU each, and a page of the app is some 50 requests).
    logLevel: "warn",
  },
});
await worker.ready;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.dispose().catch(() => undefined);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
