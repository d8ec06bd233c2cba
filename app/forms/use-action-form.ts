import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import { parseSubmission } from "./submission";

/**
 * The page's side of the one form pattern (decision 0187): conform's `useForm` on the route
 * action's answer (`lastResult`), with the schema the action and the `/api` route use. Without
 * JavaScript the server's answer shows the errors; with it, fields are checked on blur (or, with
 * `checkOn: "submit"`, first when it is sent) and again as they are typed in.
 */
export function useActionForm<S extends z.ZodTypeAny>(
  schema: S,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Record<string, unknown>;
    checkOn?: "blur" | "submit";
  } = {},
) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.checkOn === "submit" ? "onSubmit" : "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
}
