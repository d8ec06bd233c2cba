import type { z } from "zod";
import { BodyTooLargeError, bodyTooLarge, DEFAULT_BODY_LIMIT, readTextCapped } from "./body-limit.server";

/**
 * JSON answers for `/api` routes. Errors are `{ message }` (plus `errors`, field by field, for a
 * body that failed validation) so the page can show the spec's message as it is.
 */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ message, ...extra }, { status });
}

export const unauthorized = () => apiError(401, "Unauthorized");
export const forbidden = () => apiError(403, "Forbidden");
export const notFound = (what = "Not Found") => apiError(404, what);

/**
 * Reads and validates a JSON body. A missing, malformed or invalid body throws a 400 Response
 * naming each field's problem (the schema's messages, which are the spec's), never a 500; one over
 * 1 MB throws 413 while it is read (body-limit.server.ts).
 */
export async function readJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown = {};
  let text: string;
  try {
    text = await readTextCapped(request, DEFAULT_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLarge();
    throw apiError(400, "Request body must be valid JSON");
  }
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw apiError(400, "Request body must be valid JSON");
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "body";
      (errors[key] ??= []).push(issue.message);
    }
    const first = parsed.error.issues[0];
    throw apiError(400, first?.message ?? "Invalid request body", { errors });
  }
  return parsed.data;
}

/** Errors a domain module throws on purpose, carrying their own HTTP answer. */
interface AnswerableError {
  toResponse(): Response;
}
const isAnswerable = (error: unknown): error is AnswerableError =>
  typeof error === "object" && error !== null && typeof (error as AnswerableError).toResponse === "function";

/**
 * Runs an `/api` handler for the given methods: a wrong method gets 405, a thrown Response or a
 * domain error becomes its JSON answer; anything else is logged and answered 500 without details.
 */
export function apiHandler<Args extends { request: Request }>(
  methods: string[],
  handler: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    if (!methods.includes(args.request.method)) {
      return Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: methods.join(", ") } });
    }
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isAnswerable(error)) return error.toResponse();
      console.error(error);
      return apiError(500, "Something went wrong. Please try again.");
    }
  };
}

export const methodNotAllowed = () => Response.json({ message: "Method Not Allowed" }, { status: 405 });
