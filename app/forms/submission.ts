import { parseWithZod } from "@conform-to/zod";
import type { z, ZodIssue } from "zod";
import { issueMessage } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";

/**
 * One field's problems as message ids (`encodeMessage`; conform groups the issues by field), the
 * same in the browser (validation on blur) and on the server (the action's answer), so the page
 * puts them into words in its language.
 */
export const formatIssues = (issues: ZodIssue[]): string[] =>
  issues.map((issue) => {
    const { id, values } = issueMessage(issue);
    return encodeMessage(id, values);
  });

/** A form's data read against its zod schema (the one its `/api` route reads as JSON). */
export function parseSubmission<S extends z.ZodTypeAny>(formData: FormData | URLSearchParams, schema: S) {
  return parseWithZod(formData, { schema, formatError: formatIssues });
}
