// @ts-check
// Serves one contract fake (test/contracts/fakes/*.mjs) over HTTP on loopback, for the workerd
// tests (test/contracts/global-setup.ts) and for `npm run start:providers`. A fake answers the
// provider's own routes as its documentation says; this file adds what every fake shares:
// - a log of the requests it received, per account (the API key a request authenticated with), so
//   tests that run at once each read only their own;
// - failures armed by a test for an account's next requests: a documented error, a hang before
//   the request is handled, or an answer held back after it was (the caller timed out, the work
//   was done);
// - callbacks (webhooks) the fake makes, kept per account and, when the fake was started with a
//   callback base URL, POSTed there as the provider would;
// - control routes under /__fake/ (never a provider's route).
import http from "node:http";

/**
 * @typedef {{ method: string, path: string, query: Record<string, string>, headers: Record<string, string>, body: string, at: number }} RecordedRequest
 * @typedef {{ status?: number, body?: unknown, headers?: Record<string, string>, delayMs?: number, answerDelayMs?: number, times?: number }} ArmedFailure
 * @typedef {{ path: string, headers: Record<string, string>, body: string, delivered?: { status: number } | { error: string } }} Callback
 * @typedef {{
 *   account(request: Request, body: string): string,
 *   callback(account: string, callback: { path: string, headers: Record<string, string>, body: string }): Promise<Callback>,
 *   state: Map<string, any>,
 *   baseUrl: string,
 * }} FakeContext
 * @typedef {{
 *   name: string,
 *   documentation: string[],
 *   accountOf(request: Request, body: string): string | null,
 *   handle(request: Request, body: string, context: FakeContext): Promise<Response> | Response,
 *   control?(request: Request, body: string, context: FakeContext): Promise<Response | null> | Response | null,
 * }} Fake
 */

export const json = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/** The user of an HTTP Basic header (the secret key, whose password is empty), or null. */
export function basicUser(request) {
  const header = request.headers.get("authorization") ?? "";
  if (!header.startsWith("Basic ")) return null;
  try {
    const decoded = atob(header.slice(6));
    const colon = decoded.indexOf(":");
    return colon > 0 ? decoded.slice(0, colon) : null;
  } catch {
    return null;
  }
}

/** A body as canonical JSON (keys sorted at every level), to tell "the same body" from another as an idempotency key's check does. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Reads a form-encoded or JSON body into a plain object of strings (what a provider would parse). */
export function formOrJson(request, body) {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const parsed = JSON.parse(body);
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * Starts `fake` on `port` (0: any free port). `callbackBase`: where its callbacks go (our app's
 * origin), or undefined to only keep them for the tests to deliver.
 * @param {Fake} fake
 * @param {{ port?: number, host?: string, callbackBase?: string }} [options]
 */
export async function serveFake(fake, { port = 0, host = "127.0.0.1", callbackBase } = {}) {
  /** @type {Map<string, RecordedRequest[]>} */
  const requests = new Map();
  /** @type {Map<string, ArmedFailure[]>} */
  const armed = new Map();
  /** @type {Map<string, Callback[]>} */
  const callbacks = new Map();
  const state = new Map();
  const listOf = (map, account) => {
    if (!map.has(account)) map.set(account, []);
    return map.get(account);
  };

  /** @type {FakeContext} */
  const context = {
    account: (request, body) => fake.accountOf(request, body) ?? "anonymous",
    state,
    baseUrl: "",
    async callback(account, { path, headers, body }) {
      /** @type {Callback} */
      const sent = { path, headers, body };
      listOf(callbacks, account).push(sent);
      if (callbackBase) {
        try {
          const response = await fetch(new URL(path, callbackBase), {
            method: "POST",
            headers: { "Content-Type": "application/json", ...headers },
            body,
          });
          sent.delivered = { status: response.status };
          await response.arrayBuffer();
        } catch (error) {
          sent.delivered = { error: error instanceof Error ? error.message : String(error) };
        }
      }
      return sent;
    },
  };

  /** The shared control routes; a fake's own control routes come first. */
  async function control(request, body, url) {
    const own = await fake.control?.(request, body, context);
    if (own) return own;
    const account = url.searchParams.get("account") ?? "anonymous";
    if (url.pathname === "/__fake/requests" && request.method === "GET")
      return json({ requests: requests.get(account) ?? [] });
    if (url.pathname === "/__fake/callbacks" && request.method === "GET")
      return json({ callbacks: callbacks.get(account) ?? [] });
    if (url.pathname === "/__fake/failures" && request.method === "POST") {
      /** @type {ArmedFailure} */
      const failure = JSON.parse(body);
      listOf(armed, account).push({ times: 1, ...failure });
      return json({ armed: true });
    }
    if (url.pathname === "/__fake/reset" && request.method === "POST") {
      requests.delete(account);
      armed.delete(account);
      callbacks.delete(account);
      return json({ reset: true });
    }
    return json({ error: `no control route ${request.method} ${url.pathname}` }, 404);
  }

  async function answer(request, body, url) {
    if (url.pathname.startsWith("/__fake/")) return control(request, body, url);
    const account = context.account(request, body);
    listOf(requests, account).push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(request.headers),
      body,
      at: Date.now(),
    });
    const failures = armed.get(account);
    const failure = failures?.[0];
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.shift();
      if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure.status) {
        const headers = { "Content-Type": "application/json", ...failure.headers };
        return new Response(
          failure.body === undefined
            ? ""
            : typeof failure.body === "string"
              ? failure.body
              : JSON.stringify(failure.body),
          { status: failure.status, headers },
        );
      }
      if (failure.answerDelayMs) {
        // Handled, then the answer is late: what a caller's timeout makes of a provider that did the work.
        const response = await fake.handle(request, body, context);
        await new Promise((resolve) => setTimeout(resolve, failure.answerDelayMs));
        return response;
      }
    }
    return fake.handle(request, body, context);
  }

  const server = http.createServer(async (incoming, outgoing) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(incoming.url ?? "/", context.baseUrl);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    }
    const request = new Request(url, {
      method: incoming.method,
      headers,
      body: ["GET", "HEAD"].includes(incoming.method ?? "GET") ? undefined : body,
    });
    let response;
    try {
      response = await answer(request, body, url);
    } catch (error) {
      response = json({ error: `the fake failed: ${error instanceof Error ? error.stack : String(error)}` }, 500);
    }
    // A caller that gave up (its timeout) has closed the socket: nothing to write.
    if (outgoing.destroyed) return;
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  // A hung answer (an armed delay) must not keep the process alive at the end.
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the fake has no port");
  context.baseUrl = `http://${host}:${address.port}`;
  return {
    name: fake.name,
    url: context.baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
