/**
 * The D1 tables (drizzle), one file per concept; the migrations in migrations/ are written by hand
 * and are what D1 runs. Everything is imported from "./", which also re-exports the
 * enumerations of app/db/enums.ts.
 */
export * from "~/db/enums";
export * from "./accounts";
export * from "./deliveries";
export * from "./payments";
export * from "./discounts";
export * from "./partners";
export * from "./ledger";
export * from "./messaging";
export * from "./settings";
export * from "./idempotency";
export * from "./governance";
export * from "./coop";
export * from "./providers";
