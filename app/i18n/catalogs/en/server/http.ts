/** Messages of the server's http area, by id (`server.http.…`); see app/i18n/message.ts. */
export const http = {
  "http.unauthorized": "Unauthorized",
  "http.forbidden": "Forbidden",
  "http.notFound": "Not Found",
  "http.methodNotAllowed": "Method Not Allowed",
  "http.invalidJson": "The request's body is not valid JSON. Send a JSON object.",
  "http.failed": "Something went wrong. Please try again.",
} satisfies Record<`http.${string}`, string>;
