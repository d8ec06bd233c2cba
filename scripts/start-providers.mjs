// `npm run start:providers`: `npm start`, but with every outside service's production adapter
// switched on and pointed at its contract fake on loopback (test/contracts/), so the production
// path (sign-in texts, payments, payouts, geocoding, the captcha) can be walked end to end on a
// laptop. The fakes behave as the providers' documentation says and send their callbacks to this
// app. Nothing leaves the machine. The demo's sandboxes (`npm start`) are untouched.
import "./require-node.mjs";
import {
  buildAndMigrate,
  demoAccountLines,
  ensureDevVars,
  loadDemoData,
  startServer,
  stopWithTheTerminal,
} from "./local-env.mjs";
import { serveAllFakes } from "../test/contracts/all-fakes.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const persistTo = process.env.HATID_PERSIST_TO || undefined;

ensureDevVars();
const fakes = await serveAllFakes({ local: true, callbackBase: `http://127.0.0.1:${PORT}` });
buildAndMigrate(persistTo);
console.log("Starting the app against the contract fakes…");
const server = await startServer({ port: PORT, persistTo, filterOfflineNoise: true, watch: true, vars: fakes.appVars });
const { accounts } = await loadDemoData(server.url);

console.log(`
  Hatid is running at ${server.url} with its production adapters, against these fakes:
${fakes.notes.map((note) => `    ${note}`).join("\n")}
  Demo accounts:
${demoAccountLines(accounts)}
  Admins see each provider's state at ${server.url}/admin/setup. Press Ctrl+C to stop.
`);

stopWithTheTerminal(server, fakes.close);
