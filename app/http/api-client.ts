/**
 * The browser's way to call our `/api`: credentials included, a JSON body only
 * when there is one. A non-OK answer throws ApiError, whose message is "status: body text",
 * with the server's `message` and field errors kept for the page.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
  }

  get isUnauthorized() {
    return this.status === 401;
  }

  /** The refusal's message id (`code` of the answer, e.g. "server.http.idempotencyInProgress"), when it has one. */
  get code(): string | null {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === "string" ? code : null;
  }

  /** Field errors of a 400, e.g. `{ pickupAddress: ["Pickup address is required"] }`. */
  get fieldErrors(): Record<string, string[]> {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === "object" ? (errors as Record<string, string[]>) : {};
  }
}

export interface ApiRequestOptions {
  /** Sent as `Idempotency-Key`: the same key for the same intent, so a double submit is recorded once (decision 0180). */
  idempotencyKey?: string;
}

/** How long a call with a key waits behind its own copy that is "still being processed" (a double click). */
const IN_PROGRESS_WAITS = [500, 1000, 2000, 4000];

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  const send = () =>
    fetch(url, {
      method,
      credentials: "include",
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  let response = await send();
  // A double click: the first copy is still running; wait for its answer (replayed) instead of refusing.
  for (const wait of IN_PROGRESS_WAITS) {
    if (
      !(options.idempotencyKey && response.status === 409 && response.headers.get("Idempotency-In-Progress") === "true")
    )
      break;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, wait));
    response = await send();
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    // `error` is the refusal in the caller's language (`message` its older name, still sent).
    const answer = parsed as { error?: unknown; message?: unknown } | null;
    const said = typeof answer?.error === "string" ? answer.error : answer?.message;
    throw new ApiError(response.status, typeof said === "string" ? said : text || response.statusText, parsed);
  }
  return parsed as T;
}
