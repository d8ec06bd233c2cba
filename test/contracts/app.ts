import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { apiAnswer, apiRequest, type ApiOptions } from "../workerd/helpers";

/**
 * The real Worker with a provider configured: the test environment plus `overrides` (a provider's
 * keys and its base URL pointing at its contract fake), so the production adapter is the one that
 * runs, end to end, against real D1.
 */
export function appWith(overrides: Partial<Env>) {
  const configured = { ...env, ...overrides } as Env;
  async function call(path: string, options: ApiOptions = {}) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      apiRequest(path, options) as Request<unknown, IncomingRequestCfProperties>,
      configured,
      ctx,
    );
    const answer = await apiAnswer(response);
    await waitOnExecutionContext(ctx);
    return answer;
  }
  return { env: configured, api: call };
}
