/**
 * The instant whose Manila weekday and hour decide peak hours (app/pricing/peak.ts): now, except
 * where a test or development server sets PEAK_HOURS_CLOCK (an ISO instant), so the suites' fares
 * do not change with the hour they happen to run at (decision 0183). Production ignores it.
 */
export function peakClock(env: Pick<Env, "ENVIRONMENT" | "PEAK_HOURS_CLOCK">, now = Date.now()): number {
  if ((env.ENVIRONMENT === "test" || env.ENVIRONMENT === "development") && env.PEAK_HOURS_CLOCK) {
    const at = Date.parse(env.PEAK_HOURS_CLOCK);
    if (Number.isFinite(at)) return at;
  }
  return now;
}
