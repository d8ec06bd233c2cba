import { parseWithZod } from "@conform-to/zod";
import type { z, ZodIssue } from "zod";
import { issueErrors } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";

/**
 * One field's problems (conform hands over the issues of one field) as message ids
 * (`encodeMessage`), by `issueErrors` as an `/api` body's are, the same in the browser (validation
 * on blur) and on the server (the action's answer), so the page puts them into words in its language.
 */
const formatIssues = (issues: ZodIssue[]): string[] =>
  Object.values(issueErrors(issues))
    .flat()
    .map(({ id, values }) => encodeMessage(id, values));

/** A form's data read against its zod schema (the one its `/api` route reads as JSON). */
export function parseSubmission<S extends z.ZodTypeAny>(formData: FormData | URLSearchParams, schema: S) {
  return parseWithZod(formData, { schema, formatError: formatIssues });
}
