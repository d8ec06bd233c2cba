import type { z } from "zod";
import { requestLanguage, translateMessage, translateValues } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import type { MessageDescriptor } from "~/i18n/message";
import { allowedMethods } from "./allowed-methods";
import { BodyTooLargeError, bodyTooLargeRefusal, DEFAULT_BODY_LIMIT, readTextCapped } from "./body-limit.server";
import { isRefusal, Refusal, validationRefusal } from "./refusal";

/**
 * Reads and validates a JSON body. A missing, malformed or invalid body throws a 400 Refusal
 * naming each field's problem (the schema's messages), never a 500; one over 1 MB throws 413 while
 * it is read (body-limit.server.ts).
 */
export async function readJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown = {};
  let text: string;
  try {
    text = await readTextCapped(request, DEFAULT_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLargeRefusal(error.limit);
    throw new Refusal(400, "server.http.invalidJson");
  }
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new Refusal(400, "server.http.invalidJson");
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationRefusal(parsed.error);
  return parsed.data;
}

/** A message in the caller's language. */
export const messageText = (language: Language, descriptor: MessageDescriptor): string =>
  translateMessage(language, descriptor);

/**
 * A refusal as an `/api` answer: `{ error, code, values, field?, errors? }` with `error` (and
 * `message`, its older name) in the caller's language, `code` the message id, `values` its
 * values (words translated), `errors` each field's problems.
 */
export function refusalAnswer(refusal: Refusal, language: Language, init: ResponseInit = {}): Response {
  const text = messageText(language, refusal.descriptor);
  const body: Record<string, unknown> = {
    message: text,
    error: text,
    code: refusal.id,
    values: translateValues(language, refusal.values),
  };
  if (refusal.field) body.field = refusal.field;
  if (refusal.fieldErrors) {
    body.errors = Object.fromEntries(
      Object.entries(refusal.fieldErrors).map(([field, messages]) => [
        field,
        messages.map((descriptor) => messageText(language, descriptor)),
      ]),
    );
  }
  return Response.json(body, { ...init, status: refusal.status });
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
export function apiHandler<Args extends { request: Request; context: { cloudflare: { env: Env } } }>(
  methods: string[],
  handler: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    if (!methods.includes(args.request.method)) {
      const language = await requestLanguage(args.request, args.context.cloudflare.env);
      return refusalAnswer(new Refusal(405, "server.http.methodNotAllowed"), language, {
        headers: { Allow: methods.join(", ") },
      });
    }
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isRefusal(error))
        return refusalAnswer(error, await requestLanguage(args.request, args.context.cloudflare.env));
      if (isAnswerable(error)) return error.toResponse();
      console.error(error);
      return refusalAnswer(
        new Refusal(500, "server.http.failed"),
        await requestLanguage(args.request, args.context.cloudflare.env).catch(() => "en" as const),
      );
    }
  };
}

type RequestArgs = { request: Request; context: { cloudflare: { env: Env } } };

/** A refusal answered at once, in the language of whoever sent the request (outside `apiHandler`). */
export async function answerRefusal(
  { request, context }: RequestArgs,
  refusal: Refusal,
  init: ResponseInit = {},
): Promise<Response> {
  return refusalAnswer(
    refusal,
    await requestLanguage(request, context.cloudflare.env).catch(() => "en" as const),
    init,
  );
}

/**
 * The 405 of a route's loader or action for a method it does not answer (`export const loader =
 * methodNotAllowed`), in the caller's language, with the route's `Allow` list.
 */
export function methodNotAllowed(args: RequestArgs): Promise<Response> {
  const allow = allowedMethods(new URL(args.request.url).pathname);
  return answerRefusal(
    args,
    new Refusal(405, "server.http.methodNotAllowed"),
    allow ? { headers: { Allow: allow.join(", ") } } : {},
  );
}

/** The JSON 404 of an `/api` path with nothing there, in the caller's language. */
export const notFoundAnswer = (args: RequestArgs) => answerRefusal(args, new Refusal(404, "server.http.notFound"));
