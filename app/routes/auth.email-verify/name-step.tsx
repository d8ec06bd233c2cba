import { Field } from "~/components/field";
import { useSchemaForm } from "./use-schema-form";
import { useT } from "~/i18n/i18n";
import { nameStepSchema } from "~/auth/auth-schemas";

/** The name step of sign-up (spec: first and last name, only for new users). */
export function NameStep({ busy, onSubmit }: { busy: boolean; onSubmit: (names: { firstName: string; lastName: string }) => void }) {
  const { formProps, field } = useSchemaForm(nameStepSchema, onSubmit);
  const firstName = field("firstName");
  const lastName = field("lastName");
  const t = useT();
  return (
    <form {...formProps} className="stack">
      <p className="muted">{t("signIn.welcomeNames")}</p>
      <Field id={firstName.id} label={t("signIn.firstName")} errors={firstName.errors}>
        <input {...firstName.inputProps} type="text" required autoComplete="given-name" maxLength={50} />
      </Field>
      <Field id={lastName.id} label={t("signIn.lastName")} errors={lastName.errors}>
        <input {...lastName.inputProps} type="text" required autoComplete="family-name" maxLength={50} />
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("signIn.saving") : t("signIn.completeRegistration")}
      </button>
    </form>
  );
}
