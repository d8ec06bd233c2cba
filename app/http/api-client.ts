/**
 * The browser's way to call our `/api` (spec section 7): credentials included, a JSON body only
 * when there is one. A non-OK answer throws ApiError, whose message is "status: body text" as
 * spec section 8 describes, with the server's `message` and field errors kept for the page.
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

  /** Field errors of a 400, e.g. `{ pickupAddress: ["Pickup address is required"] }`. */
  get fieldErrors(): Record<string, string[]> {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === "object" ? (errors as Record<string, string[]>) : {};
  }
}

export const isUnauthorizedError = (error: unknown) => error instanceof ApiError && error.isUnauthorized;

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message = (parsed as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof message === "string" ? message : text || response.statusText, parsed);
  }
  return parsed as T;
}
