/** Messages of the server's http area, by id (`server.http.…`); see app/i18n/message.ts. */
export const http = {
  "http.unauthorized": "Unauthorized",
  "http.forbidden": "Forbidden",
  "http.notFound": "Not Found",
  "http.methodNotAllowed": "Method Not Allowed",
  "http.invalidJson": "The request's body is not valid JSON. Send a JSON object.",
  "http.failed": "Something went wrong. Please try again.",
  "http.crossOrigin": "This request came from another website and was refused. Open Hatid itself and try again.",
  "http.bodyTooLarge": "What you sent is too large: at most {megabytes} MB. Send something smaller.",
  "http.bodyUnreadable": "What you sent could not be read. Please try again.",
  "http.idempotencyKeyInvalid": "The Idempotency-Key header must be 1 to 64 visible characters. Send a valid key.",
  "http.idempotencyKeyReused":
    "This Idempotency-Key was already used for a different request. Send a new key for a new request.",
  "http.idempotencyInProgress": "A request with this Idempotency-Key is still being processed. Try again in a moment.",
  "http.cursorInvalid": "This page link is not valid. Start again from the first page.",
  "http.limitInvalid": "The page size (limit) must be a whole number from 1 to {max}.",
} satisfies Record<`http.${string}`, string>;
