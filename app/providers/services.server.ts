import { isDevelopment } from "./environment.server";
import type { MessageId } from "~/i18n/catalogs";
import { providerHealth, type ProviderHealth, type ProviderName } from "./provider-health.server";

/**
 * What this deployment uses for each outside service and each secret, as the admins' setup page
 * shows it (decision 0205): the provider's production adapter (live, or its test mode), the local
 * stand-in (development only), off (an optional service, with what that means), or missing (a
 * service production needs, with what people meet meanwhile), and what waits on it.
 */
const SERVICES = ["sms", "email", "payments", "payouts", "geocoding", "maps", "captcha", "push", "ballots"] as const;
export type Service = (typeof SERVICES)[number];

/**
 * - `live`: the provider, for real;
 * - `test`: the provider in its test mode (a PayMongo `sk_test_` key, a Xendit development key);
 * - `local`: the local stand-in (the outbox, a sandbox), which exists only in development and tests;
 * - `off`: optional and not configured (the page says what people get instead);
 * - `missing`: needed, not configured or only half configured (the page says what fails).
 */
export type ServiceState = "live" | "test" | "local" | "off" | "missing";

export interface ServiceStatus {
  service: Service;
  state: ServiceState;
  /** What that state means for people, in words (one message per service and state it can be in). */
  meaning: MessageId<"adminSetup">;
  /** The provider whose answers are recorded, if the service calls one. */
  provider: ProviderName | null;
  /** The secrets or variables that would make it live, those not set. */
  unset: string[];
  health: ProviderHealth | null;
  /** Whether anything can wait on it (texts, emails, payouts, refunds): only then does the page say that nothing does. */
  queues: boolean;
  /** What is waiting on this service now (failed texts, payouts being sent, refunds owed). */
  waiting: { what: "failedMessages" | "sendingPayouts" | "pendingRefunds"; count: number; oldestAt: number | null }[];
}

interface Definition {
  service: Service;
  provider: ProviderName | null;
  /** Every variable the production adapter needs. */
  needs: (keyof Env)[];
  /** Production cannot do without it (else `off` when unset). */
  required: boolean;
  /** Its local stand-in, where development and tests have one. */
  standIn: boolean;
  /** The provider's test mode, read from its key. */
  testMode?: (env: Env) => boolean;
  /** The queue of work that waits on it (`waitingWork`'s kinds), if any. */
  queue?: { kind: "sms" | "email" | "payouts" | "refunds"; what: ServiceStatus["waiting"][number]["what"] };
}

const DEFINITIONS: Definition[] = [
  {
    service: "sms",
    provider: "semaphore",
    needs: ["SEMAPHORE_API_KEY"],
    required: true,
    standIn: true,
    queue: { kind: "sms", what: "failedMessages" },
  },
  {
    service: "email",
    provider: "email",
    needs: ["EMAIL_API_KEY", "EMAIL_FROM"],
    required: true,
    standIn: true,
    queue: { kind: "email", what: "failedMessages" },
  },
  {
    service: "payments",
    provider: "paymongo",
    needs: ["PAYMONGO_SECRET_KEY", "PAYMONGO_WEBHOOK_SECRET"],
    required: true,
    standIn: true,
    testMode: (env) => !env.PAYMONGO_SECRET_KEY?.startsWith("sk_live_"),
    queue: { kind: "refunds", what: "pendingRefunds" },
  },
  {
    service: "payouts",
    provider: "xendit",
    needs: ["PAYOUT_SECRET_KEY", "PAYOUT_CALLBACK_TOKEN"],
    required: true,
    standIn: true,
    testMode: (env) => !/^xnd_production_/.test(env.PAYOUT_SECRET_KEY ?? ""),
    queue: { kind: "payouts", what: "sendingPayouts" },
  },
  { service: "geocoding", provider: "mapbox", needs: ["MAPBOX_GEOCODING_TOKEN"], required: false, standIn: false },
  { service: "maps", provider: null, needs: ["MAPBOX_TOKEN"], required: false, standIn: false },
  {
    service: "captcha",
    provider: "turnstile",
    needs: ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"],
    required: false,
    standIn: false,
  },
  {
    service: "push",
    provider: null,
    needs: ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    required: false,
    standIn: false,
  },
  { service: "ballots", provider: null, needs: ["BALLOT_SECRET"], required: true, standIn: false },
];

const isSet = (env: Env, name: keyof Env) => typeof env[name] === "string" && (env[name] as string).length > 0;
const runsStandIns = (env: Env) => isDevelopment(env) || env.ENVIRONMENT === "test";

function stateOf(env: Env, definition: Definition): { state: ServiceState; unset: string[] } {
  const unset = definition.needs.filter((name) => !isSet(env, name)) as string[];
  if (unset.length === 0) return { state: definition.testMode?.(env) ? "test" : "live", unset };
  // Development and tests run the stand-in whenever the provider is not wholly configured.
  if (definition.standIn && runsStandIns(env)) return { state: "local", unset };
  return { state: definition.required || unset.length < definition.needs.length ? "missing" : "off", unset };
}

/** Every state each service can be in (its meaning must exist in the catalogs: a test reads them). */
export function possibleStates(): [Service, ServiceState][] {
  return DEFINITIONS.flatMap((definition) => {
    const states: ServiceState[] = ["live"];
    if (definition.testMode) states.push("test");
    if (definition.standIn) states.push("local");
    if (!definition.required) states.push("off");
    if (definition.required || definition.needs.length > 1) states.push("missing");
    return states.map((state): [Service, ServiceState] => [definition.service, state]);
  });
}

const meaningOf = (service: Service, state: ServiceState) =>
  `adminSetup.meaning.${service}.${state}` as MessageId<"adminSetup">;

/** What waits on each service, from the queues the cron and the admins work through (each read by its index). */
async function waitingWork(d1: D1Database) {
  const [messages, payouts, refunds] = await d1.batch<{ kind: string; count: number; oldest_at: number | null }>([
    d1.prepare(
      "SELECT channel AS kind, count(*) AS count, min(updated_at) AS oldest_at FROM messages WHERE status = 'failed' AND retryable = 1 GROUP BY channel",
    ),
    d1.prepare(
      "SELECT 'payouts' AS kind, count(*) AS count, min(requested_at) AS oldest_at FROM cashouts WHERE status = 'sending'",
    ),
    d1.prepare(
      "SELECT 'refunds' AS kind, count(*) AS count, min(created_at) AS oldest_at FROM refunds WHERE status = 'pending'",
    ),
  ]);
  const rows = [...messages!.results, ...payouts!.results, ...refunds!.results].filter((row) => row.count > 0);
  return new Map(rows.map((row) => [row.kind, { count: row.count, oldestAt: row.oldest_at }]));
}

export async function serviceStatuses(env: Env): Promise<ServiceStatus[]> {
  const [health, waiting] = await Promise.all([providerHealth(env.DB), waitingWork(env.DB)]);
  return DEFINITIONS.map((definition) => {
    const { state, unset } = stateOf(env, definition);
    const queued = definition.queue ? waiting.get(definition.queue.kind) : undefined;
    return {
      service: definition.service,
      state,
      meaning: meaningOf(definition.service, state),
      provider: definition.provider,
      unset,
      health: definition.provider ? (health.get(definition.provider) ?? null) : null,
      queues: definition.queue !== undefined,
      waiting:
        definition.queue && queued
          ? [{ what: definition.queue.what, count: queued.count, oldestAt: queued.oldestAt }]
          : [],
    };
  });
}

/** The needed services that are missing: the admin dashboard points to the setup page while any is. */
export function missingServices(env: Env): Service[] {
  return DEFINITIONS.filter((definition) => stateOf(env, definition).state === "missing").map(
    (definition) => definition.service,
  );
}
