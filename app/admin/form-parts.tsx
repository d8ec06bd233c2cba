import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FORM_KEY_FIELD } from "~/forms/form-key";

/** The hidden fields of an admin form: which of the page's forms it is, and (money) the key made at render. */
export function FormIntent({ intent, formKey }: { intent: string; formKey?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
    </>
  );
}

/** A fetcher's form is being sent. */
export function useSending(fetcherState: "idle" | "submitting" | "loading") {
  useNavigation();
  return fetcherState !== "idle";
}

/**
 * The action's answer to one of a page's many forms: the fetcher's (with JavaScript), or, when the
 * form was posted as a plain page (without JavaScript), the page's action data if it answers this
 * form (its posted `fields`, e.g. the intent and the item's id, match).
 */
export function useAnswer(fetcherData: SubmissionResult<string[]> | undefined, fields: Record<string, string>) {
  const actionData = useActionData<SubmissionResult<string[]>>();
  if (fetcherData) return fetcherData;
  const posted =
    actionData && typeof actionData === "object"
      ? (actionData.initialValue as Record<string, unknown> | undefined)
      : undefined;
  if (!posted) return undefined;
  return Object.entries(fields).every(([name, value]) => posted[name] === value) ? actionData : undefined;
}

/** A confirmation that opens in place (works without JavaScript): its summary is the button. */
export function Confirm({
  label,
  className,
  open,
  children,
}: {
  label: string;
  className: string;
  open?: boolean;
  children: ReactNode;
}) {
  // Open again when the action refused what was sent, so its words are seen.
  return (
    <details className="admin-confirm" open={open || undefined}>
      <summary className={className}>{label}</summary>
      <div className="admin-confirm-body stack">{children}</div>
    </details>
  );
}
