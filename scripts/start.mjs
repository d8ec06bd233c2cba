// `npm start`: build, migrate the local D1, start the app on http://localhost:8787, load the demo data.
import "./require-node.mjs";
import {
  buildAndMigrate,
  demoAccountLines,
  ensureDevVars,
  loadDemoData,
  startServer,
  stopWithTheTerminal,
} from "./local-env.mjs";

const PORT = Number(process.env.PORT ?? 8787);
// Tests point this at a throwaway folder; by default the local D1 lives in .wrangler/.
const persistTo = process.env.HATID_PERSIST_TO || undefined;

const devVars = ensureDevVars();
if (devVars.created) console.log("Created .dev.vars with a fresh local session secret (not committed).");

buildAndMigrate(persistTo);

console.log("Starting the app…");
const server = await startServer({ port: PORT, persistTo, filterOfflineNoise: true, watch: true });
// The demo accounts come from the demo data itself (app/demo/demo-data.server.ts), as loaded.
const { accounts } = await loadDemoData(server.url);

console.log(`
  Hatid is running at ${server.url}

  Sign in with a demo mobile number, then read the SMS code from the dev outbox:
    ${server.url}/api/dev/outbox
  Demo accounts:
${demoAccountLines(accounts)}
  Any other 09XXXXXXXXX number signs up a new customer. Press Ctrl+C to stop.
`);

stopWithTheTerminal(server);
