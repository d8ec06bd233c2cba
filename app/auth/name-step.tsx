import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Field } from "~/components/field";
import { nameStepSchema } from "./auth-schemas";

/** The name step of sign-up (spec: first and last name, only for new users). */
export function NameStep({ busy, onSubmit }: { busy: boolean; onSubmit: (names: { firstName: string; lastName: string }) => void }) {
  const [form, fields] = useForm({
    id: "name-step",
    constraint: getZodConstraint(nameStepSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nameStepSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") onSubmit(submission.value);
    },
  });
  return (
    <form {...getFormProps(form)} className="stack">
      <p className="muted">Welcome! Tell us your name to finish signing up.</p>
      <Field id={fields.firstName.id} label="First Name" errors={fields.firstName.errors}>
        <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" maxLength={50} />
      </Field>
      <Field id={fields.lastName.id} label="Last Name" errors={fields.lastName.errors}>
        <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" maxLength={50} />
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving..." : "Complete Registration"}
      </button>
    </form>
  );
}
