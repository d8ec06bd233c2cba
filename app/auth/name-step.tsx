import { Field } from "~/components/field";
import { useSchemaForm } from "~/components/use-schema-form";
import { nameStepSchema } from "./auth-schemas";

/** The name step of sign-up (spec: first and last name, only for new users). */
export function NameStep({ busy, onSubmit }: { busy: boolean; onSubmit: (names: { firstName: string; lastName: string }) => void }) {
  const { formProps, field } = useSchemaForm(nameStepSchema, onSubmit);
  const firstName = field("firstName");
  const lastName = field("lastName");
  return (
    <form {...formProps} className="stack">
      <p className="muted">Welcome! Tell us your name to finish signing up.</p>
      <Field id={firstName.id} label="First Name" errors={firstName.errors}>
        <input {...firstName.inputProps} type="text" required autoComplete="given-name" maxLength={50} />
      </Field>
      <Field id={lastName.id} label="Last Name" errors={lastName.errors}>
        <input {...lastName.inputProps} type="text" required autoComplete="family-name" maxLength={50} />
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving..." : "Complete Registration"}
      </button>
    </form>
  );
}
