import { useCallback, useId, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { z } from "zod";
import { useMessageText } from "~/i18n/i18n";

/**
 * Validates a small form against its shared zod schema the way conform does elsewhere (first on
 * blur, then on every input, everything on submit), without conform's runtime: the sign-in wizard
 * is on the landing page, which has a JavaScript budget (docs/decisions/0007).
 */
const nameOf = (target: EventTarget | Element): string => {
  const name = (target as { name?: unknown }).name;
  return typeof name === "string" ? name : "";
};

export function useSchemaForm<S extends z.ZodTypeAny>(schema: S, onValid: (value: z.infer<S>) => void) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const touched = useRef(new Set<string>());
  // The schema's messages are message ids (app/i18n/message.ts); shown in the page's language.
  const messageText = useMessageText();

  const validate = useCallback(
    (form: HTMLFormElement, showAll: boolean) => {
      const values = Object.fromEntries(new FormData(form));
      const result = schema.safeParse(values);
      const next: Record<string, string[]> = {};
      if (!result.success) {
        for (const issue of result.error.issues) {
          const name = String(issue.path[0] ?? "");
          if (!showAll && !touched.current.has(name)) continue;
          (next[name] ??= []).push(messageText(issue.message));
        }
      }
      setErrors(next);
      return result;
    },
    [schema, messageText],
  );

  const formProps = {
    ref: formRef,
    id: formId,
    noValidate: true,
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const name = nameOf(event.target);
      if (!name) return;
      touched.current.add(name);
      validate(event.currentTarget, false);
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = nameOf(event.target);
      if (name && touched.current.has(name)) validate(event.currentTarget, false);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      for (const element of Array.from(event.currentTarget.elements)) {
        const name = nameOf(element);
        if (name) touched.current.add(name);
      }
      const result = validate(event.currentTarget, true);
      if (result.success) onValid(result.data);
    },
  };

  /** Props for the input named `name`, wired to its error list for screen readers. */
  function field(name: string) {
    const id = `${formId}-${name}`;
    const fieldErrors = errors[name];
    return {
      id,
      errors: fieldErrors,
      inputProps: {
        id,
        name,
        "aria-invalid": fieldErrors ? true : undefined,
        "aria-describedby": fieldErrors ? `${id}-error` : undefined,
      },
    };
  }

  return { formProps, field };
}
