import type { ZodError, ZodIssue } from "zod";
import { decodeMessage, message, type AnyMessageId, type MessageDescriptor, type MessageValues } from "~/i18n/message";

/**
 * The one way the server says no: an HTTP status and a message id with its values, optionally the
 * form field it is about. Domain modules throw it; every `/api` route (apiHandler) and page action
 * answers it the same way, in the caller's language (app/http/api.server.ts, refusalText).
 */
export class Refusal extends Error {
  override readonly name = "Refusal";
  constructor(
    readonly status: number,
    readonly id: AnyMessageId,
    readonly values?: MessageValues,
    readonly field?: string,
    /** Every field's problems, for a body that failed validation. */
    readonly fieldErrors?: Record<string, MessageDescriptor[]>,
  ) {
    super(id);
  }

  get descriptor(): MessageDescriptor {
    return message(this.id, this.values);
  }
}

export const isRefusal = (error: unknown): error is Refusal => error instanceof Refusal;

/**
 * What a zod issue says: the descriptor its schema encoded in `message` (app/i18n/message.ts,
 * `encodeMessage`), else a plain fallback by the kind of problem (zod's own English never reaches
 * a person).
 */
function issueMessage(issue: ZodIssue): MessageDescriptor {
  const encoded = decodeMessage(issue.message);
  if (encoded) return encoded;
  const field = fieldName(issue.path);
  if (issue.code === "invalid_type" && issue.received === "undefined")
    return message("server.validation.required", { field });
  if (issue.code === "too_big" && typeof issue.maximum === "number")
    return message(issue.type === "string" ? "server.validation.tooLong" : "server.validation.tooLarge", {
      field,
      max: issue.maximum,
    });
  if (issue.code === "too_small" && typeof issue.minimum === "number")
    return message(issue.type === "string" ? "server.validation.tooShort" : "server.validation.tooSmall", {
      field,
      min: issue.minimum,
    });
  return message("server.validation.invalid", { field });
}

const fieldName = (path: (string | number)[]) => path.filter((part) => typeof part === "string").join(".") || "body";

/**
 * The one place zod issues become field errors (decision 0187): each field's problems, by its path
 * ("body" for the whole), for an `/api` body (`validationRefusal`) and a form (`formatIssues`) alike.
 */
export function issueErrors(issues: readonly ZodIssue[]): Record<string, MessageDescriptor[]> {
  const fieldErrors: Record<string, MessageDescriptor[]> = {};
  for (const issue of issues) (fieldErrors[issue.path.join(".") || "body"] ??= []).push(issueMessage(issue));
  return fieldErrors;
}

/** A 400 naming every field's problems; its own message is the first problem's. */
export function validationRefusal(error: ZodError): Refusal {
  const fieldErrors = issueErrors(error.issues);
  const first = error.issues[0];
  if (!first) return new Refusal(400, "server.validation.invalidBody");
  const { id, values } = issueMessage(first);
  return new Refusal(400, id, values, first.path.join(".") || undefined, fieldErrors);
}

/** Nobody signed in, or a session that ended. */
export const unauthorized = () => new Refusal(401, "server.http.unauthorized");
/** Signed in, but not in a role that may do this. */
export const forbidden = () => new Refusal(403, "server.http.forbidden");
