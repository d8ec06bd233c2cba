import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Idempotent: D1 records applied migrations, so every test file can run this.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
