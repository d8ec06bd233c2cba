/**
 * How each outside service last answered (decision 0205), for the admins' setup page: every call
 * a production adapter makes goes through `observedFetch`, which records when the provider
 * answered, whether it said yes (2xx), and its last failure as an operator reads it ("HTTP 401",
 * "unreachable: TimeoutError"): never a URL (Mapbox's carries its token), a body or a key.
 */
const PROVIDERS = ["semaphore", "email", "paymongo", "xendit", "mapbox", "turnstile"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ProviderHealth {
  provider: ProviderName;
  lastAnswerAt: number | null;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  lastFailure: string | null;
}

async function record(
  d1: D1Database,
  provider: ProviderName,
  outcome: { answered: boolean; ok: boolean; failure: string | null },
  now = Date.now(),
) {
  await d1
    .prepare(
      `INSERT INTO provider_health (provider, last_answer_at, last_success_at, last_failure_at, last_failure)
       VALUES (?1, CASE WHEN ?2 THEN ?5 END, CASE WHEN ?3 THEN ?5 END, CASE WHEN ?3 THEN NULL ELSE ?5 END, ?4)
       ON CONFLICT (provider) DO UPDATE SET
         last_answer_at = CASE WHEN ?2 THEN ?5 ELSE last_answer_at END,
         last_success_at = CASE WHEN ?3 THEN ?5 ELSE last_success_at END,
         last_failure_at = CASE WHEN ?3 THEN last_failure_at ELSE ?5 END,
         last_failure = CASE WHEN ?3 THEN last_failure ELSE ?4 END`,
    )
    .bind(provider, outcome.answered ? 1 : 0, outcome.ok ? 1 : 0, outcome.failure, now)
    .run();
}

/** A `fetch` that records each answer of `provider` (a record that cannot be written never fails the call). */
export function observedFetch(d1: D1Database, provider: ProviderName, fetcher: typeof fetch = fetch): typeof fetch {
  const note = (outcome: Parameters<typeof record>[2]) =>
    record(d1, provider, outcome).catch((error) => console.error(`provider_health ${provider}:`, error));
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetcher(input, init);
    } catch (error) {
      await note({
        answered: false,
        ok: false,
        failure: `unreachable: ${error instanceof Error ? error.name : "error"}`,
      });
      throw error;
    }
    await note({ answered: true, ok: response.ok, failure: response.ok ? null : `HTTP ${response.status}` });
    return response;
  };
}

/** Every provider's row (those never called have none). */
export async function providerHealth(d1: D1Database): Promise<Map<ProviderName, ProviderHealth>> {
  const { results } = await d1
    .prepare("SELECT provider, last_answer_at, last_success_at, last_failure_at, last_failure FROM provider_health")
    .all<{
      provider: ProviderName;
      last_answer_at: number | null;
      last_success_at: number | null;
      last_failure_at: number | null;
      last_failure: string | null;
    }>();
  return new Map(
    results.map((row) => [
      row.provider,
      {
        provider: row.provider,
        lastAnswerAt: row.last_answer_at,
        lastSuccessAt: row.last_success_at,
        lastFailureAt: row.last_failure_at,
        lastFailure: row.last_failure,
      },
    ]),
  );
}
