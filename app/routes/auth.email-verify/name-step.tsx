import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field } from "~/components/field";
import type { FormAnswer } from "~/forms/form-action.server";
import { useActionForm } from "~/forms/use-action-form";
import { useMessageText, useT } from "~/i18n/i18n";
import { emailVerifyNameForm } from "~/auth/auth-schemas";

/**
 * The name step of sign-up by email link (spec: first and last name, only for new users), posted
 * to the email-verify page's action with the identity token (decision 0187).
 */
export function NameStep({
  idToken,
  busy,
  lastResult,
}: {
  idToken: string;
  busy: boolean;
  lastResult?: FormAnswer | null;
}) {
  const [form, fields] = useActionForm(emailVerifyNameForm, { id: "email-verify-names", lastResult });
  const t = useT();
  const text = useMessageText();
  const errorsOf = (errors: string[] | undefined) => errors?.map((error) => text(error));
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="idToken" value={idToken} />
      <p className="muted">{t("signIn.welcomeNames")}</p>
      <Field id={fields.firstName.id} label={t("signIn.firstName")} errors={errorsOf(fields.firstName.errors)}>
        <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" maxLength={50} />
      </Field>
      <Field id={fields.lastName.id} label={t("signIn.lastName")} errors={errorsOf(fields.lastName.errors)}>
        <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" maxLength={50} />
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("signIn.saving") : t("signIn.completeRegistration")}
      </button>
    </Form>
  );
}
