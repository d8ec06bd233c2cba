// `npm start`: build, migrate the local D1, start the app on http://localhost:8787, load the demo data.
import { applyMigrations, build, ensureDevVars, loadDemoData, startServer } from "./local-env.mjs";

const PORT = Number(process.env.PORT ?? 8787);

const devVars = ensureDevVars();
if (devVars.created) console.log("Created .dev.vars with a fresh local session secret (not committed).");

console.log("Building…");
build();
console.log("Applying D1 migrations to the local database…");
applyMigrations();

console.log("Starting the app…");
const server = await startServer({ port: PORT });
await loadDemoData(server.url);

console.log(`
  Hatid is running at ${server.url}

  Sign in with a demo mobile number, then read the SMS code from the dev outbox:
    ${server.url}/api/dev/outbox
  Demo accounts:
    09170000001  Ana Admin        (admin)
    09170000002  Rico Rider       (rider)
    09170000003  Rosa Rider       (rider)
    09170000004  Carla Customer   (customer)
    09170000005  Carlos Customer  (customer)
  Any other 09XXXXXXXXX number signs up a new customer. Press Ctrl+C to stop.
`);

const shutdown = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.child.on("exit", (code) => process.exit(code ?? 0));
