import { inject } from "vitest";
import "./global-setup";

/**
 * The tests' side of the contract fakes (test/contracts/fake-server.mjs): where each one listens,
 * what it received from an account, its callbacks, and failures armed for an account's next calls.
 * An account is the key a request authenticated with; each test uses keys of its own, so tests
 * running at once never read each other's requests.
 */
export type FakeName = "turnstile" | "semaphore" | "email" | "mapbox" | "paymongo" | "xendit";

export const fakeUrl = (name: FakeName): string => {
  const url = inject("contractFakes")[name];
  if (!url) throw new Error(`no contract fake named ${name}`);
  return url;
};

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface FakeCallback {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function control<T>(name: FakeName, path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const response = await fetch(`${fakeUrl(name)}/__fake/${path}`, {
    method: init?.method ?? (init?.body === undefined ? "GET" : "POST"),
    headers: { "Content-Type": "application/json" },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`fake ${name} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export const fakeControl = control;

export async function requestsTo(name: FakeName, account: string): Promise<RecordedRequest[]> {
  return (await control<{ requests: RecordedRequest[] }>(name, `requests?account=${encodeURIComponent(account)}`))
    .requests;
}

export async function callbacksFrom(name: FakeName, account: string): Promise<FakeCallback[]> {
  return (await control<{ callbacks: FakeCallback[] }>(name, `callbacks?account=${encodeURIComponent(account)}`))
    .callbacks;
}

/**
 * The account's next `times` calls (default 1): answer `status` with `body`; or wait `delayMs`
 * before handling the call (a hang); or handle it and hold the answer back `answerDelayMs` (the
 * provider did the work, the caller's timeout lost the answer).
 */
export async function armFailure(
  name: FakeName,
  account: string,
  failure: {
    status?: number;
    body?: unknown;
    headers?: Record<string, string>;
    delayMs?: number;
    answerDelayMs?: number;
    times?: number;
  },
) {
  await control(name, `failures?account=${encodeURIComponent(account)}`, { body: failure });
}

export const uniqueKey = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll("-", "")}`;
