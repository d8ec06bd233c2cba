/**
 * The offline action queue (docs/guide/deliveries.md#field-conditions): a rider's action
 * pressed without signal is kept on the phone (IndexedDB, so a reload keeps it) with its
 * Idempotency-Key, and sent in order as soon as the connection returns. A repeat after a lost
 * answer is harmless: the server answers the first answer again (decision 0218).
 *
 * Browser-only, no library, no React: `use-action-queue.ts` is the hook pages use.
 */

export interface QueuedAction {
  /** Order of pressing (IndexedDB's auto-increment key). */
  seq?: number;
  /** Sent as `Idempotency-Key`: the same for every attempt. */
  key: string;
  /** Whose phone session queued it: another account signing in on this phone never sends it. */
  userId: string;
  /** What it acts on (e.g. the delivery id), for "Waiting for signal" on that item. */
  subject: string;
  /** What the rider pressed, e.g. "Mark Delivered". */
  label: string;
  /** What kind of action it is, for the caller's toasts (e.g. "status", "release"). */
  kind: string;
  method: "POST" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  queuedAt: number;
}

/** What came of a queued action once the server answered it. */
export interface ActionOutcome {
  action: QueuedAction;
  status: number;
  ok: boolean;
  /** The parsed JSON answer (the server's `{ message }` on a refusal). */
  body: unknown;
}

type Listener = () => void;
type OutcomeListener = (outcome: ActionOutcome) => void;

const DB_NAME = "hatid-offline";
const STORE = "actions";
/** While actions wait and the browser thinks it is online, try again this often (an `online` event can be missed). */
const RETRY_MS = 5_000;
/** The server's "still being processed" (another tab sent it a moment ago, or a crash left it claimed): try again shortly. */
const IN_PROGRESS = 409;
const IN_PROGRESS_CODE = "server.http.idempotencyInProgress";
const IN_PROGRESS_HEADER = "Idempotency-In-Progress";
/**
 * Backoff after the server could not answer yet (5xx or "still being processed"): 5 s, 10 s, 20 s,
 * 40 s, then every 60 s, never giving up. A key left claimed by a crash is taken over by its retry
 * after 60 s (decision 0180), so the queue never waits behind one for long.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MS * 2 ** Math.max(0, failures - 1), 60_000);
}
/** Whether an answer means "not answered yet, keep the action and try again later". */
export function isNotYetAnswered(status: number, headers: Headers, code: unknown): boolean {
  if (status >= 500) return true;
  if (status !== IN_PROGRESS) return false;
  return headers.get(IN_PROGRESS_HEADER) === "true" || code === IN_PROGRESS_CODE;
}
let failures = 0;
let nextTryAt = 0;

let database: Promise<IDBDatabase> | null = null;
function open(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return database;
}

async function inStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = use(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

const listeners = new Set<Listener>();
const outcomeListeners = new Set<OutcomeListener>();
let snapshot: QueuedAction[] = [];
let sending: number | null = null;

async function reload(): Promise<void> {
  snapshot = ((await inStore("readonly", (store) => store.getAll())) as QueuedAction[]).sort((a, b) => a.seq! - b.seq!);
  listeners.forEach((listener) => listener());
}

/** Every action waiting on this phone, oldest first (as last read). */
export const queuedActions = (): readonly QueuedAction[] => snapshot;
/** The seq of the action being sent right now, if any. */
export const sendingSeq = () => sending;

/** Calls `listener` whenever the queue changes; returns the unsubscribe. */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` with the server's answer to each queued action. */
export function onActionOutcome(listener: OutcomeListener): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/** Keeps an action and tries to send everything waiting, in order. */
export async function enqueue(action: Omit<QueuedAction, "seq" | "key" | "queuedAt">): Promise<void> {
  const entry: QueuedAction = { ...action, key: crypto.randomUUID(), queuedAt: Date.now() };
  await inStore("readwrite", (store) => store.add(entry));
  await reload();
  void flush(action.userId);
}

let flushing: Promise<void> | null = null;
let currentUser: string | null = null;

/**
 * Sends the user's waiting actions one by one, oldest first. A network failure (no signal) stops
 * and keeps the rest for the next try; any answer from the server settles the action: it leaves
 * the queue and its outcome goes to the listeners (success, or the server's refusal).
 */
function flush(userId = currentUser): Promise<void> {
  if (!userId) return Promise.resolve();
  currentUser = userId;
  flushing ??= (async () => {
    try {
      // One at a time, oldest first, re-reading the store each time: an action pressed while
      // another is being sent goes out right after it.
      for (;;) {
        // The browser knows there is no connection: nothing is tried until its `online` event. (A
        // try now could only fail, or, where a request slips past the offline state, as one through
        // a service worker restarted meanwhile can under a test's emulated offline, go out unseen.)
        await reload();
        if (!navigator.onLine) return;
        const action = snapshot.find((a) => a.userId === userId);
        if (!action) return;
        sending = action.seq!;
        listeners.forEach((listener) => listener());
        let response: Response;
        try {
          response = await fetch(action.url, {
            method: action.method,
            credentials: "include",
            headers: { "Content-Type": "application/json", "Idempotency-Key": action.key },
            body: action.body === undefined ? undefined : JSON.stringify(action.body),
          });
        } catch {
          return; // No signal: everything stays, in order.
        }
        const text = await response.text().catch(() => "");
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        if (isNotYetAnswered(response.status, response.headers, (body as { code?: unknown } | null)?.code)) {
          // The server could not answer yet: keep it (same key) and try again after a backoff.
          failures += 1;
          nextTryAt = Date.now() + retryDelayMs(failures);
          return;
        }
        failures = 0;
        nextTryAt = 0;
        await inStore("readwrite", (store) => store.delete(action.seq!));
        // The page drops its "Waiting for signal" before it shows the answer's toast, not after.
        sending = null;
        await reload();
        outcomeListeners.forEach((listener) => listener({ action, status: response.status, ok: response.ok, body }));
      }
    } finally {
      sending = null;
      flushing = null;
      await reload().catch(() => undefined);
    }
  })();
  return flushing;
}

let started = false;
/** Sends what waits when the connection returns, on start, and every 5 s while something waits. */
export function startQueue(userId: string): void {
  currentUser = userId;
  if (started) {
    void flush(userId);
    return;
  }
  started = true;
  window.addEventListener("online", () => void flush());
  setInterval(() => {
    if (snapshot.length > 0 && navigator.onLine && Date.now() >= nextTryAt) void flush();
  }, RETRY_MS);
  void flush(userId);
}
