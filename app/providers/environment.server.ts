/** Development-only features (outbox, demo data) exist only when ENVIRONMENT is exactly this. */
export const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";
