import { useNavigation } from "@remix-run/react";
import { FORM_KEY_FIELD } from "~/http/form-key";

/** The hidden fields of an admin form: which of the page's forms it is, and (money) the key made at render. */
export function FormIntent({ intent, formKey }: { intent: string; formKey?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
    </>
  );
}

/** A fetcher's or the page's form is being sent (a plain form shows this only with JavaScript). */
export function useSending(fetcherState?: "idle" | "submitting" | "loading", formId?: string) {
  const navigation = useNavigation();
  if (fetcherState !== undefined) return fetcherState !== "idle";
  return navigation.state === "submitting" && (formId === undefined || navigation.formData?.get("intent") === formId);
}
