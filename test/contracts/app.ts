import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { ORIGIN, type ApiOptions } from "../workerd/helpers";

/**
 * The real Worker with a provider configured: the test environment plus `overrides` (a provider's
 * keys and its base URL pointing at its contract fake), so the production adapter is the one that
 * runs, end to end, against real D1.
 */
export function appWith(overrides: Partial<Env>) {
  const configured = { ...env, ...overrides } as Env;
  async function call(path: string, options: ApiOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    const method = options.method ?? (options.body !== undefined || options.rawBody !== undefined ? "POST" : "GET");
    if (options.origin !== null && method !== "GET") headers.Origin = options.origin ?? ORIGIN;
    if (options.cookie) headers.Cookie = options.cookie;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, configured, ctx);
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, text, headers: response.headers };
  }
  return { env: configured, api: call };
}
