import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { deleteAccountSchema, profileSchema, roleSchema } from "~/auth/auth-schemas";
import type { UserView } from "~/auth/user-view";
import { Field } from "~/components/field";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useLanguage, useMessageText, useT } from "~/i18n/i18n";
import { LANGUAGES } from "~/i18n/languages";

/**
 * The account parts of /settings; their words are the `settings` namespace.
 * Each is a Remix form posting its `intent` to the page's action (decision 0187): they work
 * before and without JavaScript, and the action's toast says what was done.
 */

/** The page's action answer when it answers the form of `intent` (the forms share one action). */
export function useSettingsAnswer(intent: string): FormAnswer | null {
  const answer = useActionData<FormAnswer>();
  return (answer?.initialValue as Record<string, unknown> | null | undefined)?.intent === intent ? answer! : null;
}

/** Whether the page is sending the form of `intent`. */
export function useSending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Personal Information: names, email, language (stored on the account), the phone number (read only). */
export function PersonalInformation({ user }: { user: UserView }) {
  const pageLanguage = useLanguage();
  const t = useT();
  const m = useMessageText();
  const saving = useSending("profile");
  const [form, fields] = useActionForm(profileSchema, {
    id: "profile",
    lastResult: useSettingsAnswer("profile"),
    defaultValue: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email ?? "",
      language: user.language ?? pageLanguage,
    },
  });

  return (
    <section className="card" aria-labelledby="personal-heading">
      <h2 id="personal-heading">{t("settings.personal.heading")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="profile" />
        <div className="grid grid-2">
          <Field
            id={fields.firstName.id}
            label={t("settings.personal.firstName")}
            errors={fields.firstName.errors?.map(m)}
          >
            <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          </Field>
          <Field
            id={fields.lastName.id}
            label={t("settings.personal.lastName")}
            errors={fields.lastName.errors?.map(m)}
          >
            <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          </Field>
        </div>
        <Field id={fields.email.id} label={t("settings.personal.email")} errors={fields.email.errors?.map(m)}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            placeholder="you@example.com"
          />
        </Field>
        <Field id={fields.language.id} label={t("common.language.label")} errors={fields.language.errors?.map(m)}>
          <select {...getSelectProps(fields.language)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`common.language.${language}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="phone-number" label={t("settings.personal.phone")} hint={t("settings.personal.phoneHint")}>
          <input
            id="phone-number"
            type="tel"
            value={user.phoneNumber ?? ""}
            readOnly
            aria-describedby="phone-number-hint"
          />
        </Field>
        <FormErrors errors={form.errors} className="field-errors" />
        <button type="submit" className="button" disabled={saving}>
          {saving ? t("settings.personal.saving") : t("settings.personal.save")}
        </button>
      </Form>
    </section>
  );
}

export function AccountRole({ user }: { user: UserView }) {
  const t = useT();
  const saving = useSending("role");
  const [form, fields] = useActionForm(roleSchema, {
    id: "role",
    lastResult: useSettingsAnswer("role"),
    defaultValue: { role: user.role },
  });
  const mayRide = user.role === "rider" || (user.riderApproved && user.riderSuspension === null);

  return (
    <section className="card" aria-labelledby="role-heading">
      <h2 id="role-heading">{t("settings.role.heading")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="role" />
        <Field id={fields.role.id} label={t("settings.role.label")} hint={t("settings.role.hint")}>
          <select {...getSelectProps(fields.role)}>
            <option value="user">{t("settings.role.user")}</option>
            <option value="rider">{t("settings.role.rider")}</option>
            {user.role === "admin" ? <option value="admin">{t("settings.role.admin")}</option> : null}
          </select>
        </Field>
        {mayRide ? null : (
          <p className="notice" id="rider-role-notice">
            {user.riderSuspension !== null ? (
              t("settings.role.suspended", { reason: user.riderSuspension })
            ) : (
              <>
                {t("settings.role.applyFirst")} <Link to="/become-rider">{t("settings.role.applyLink")}</Link>
                {t("settings.role.applyAfter")}
              </>
            )}
          </p>
        )}
        <FormErrors id={fields.role.errorId} errors={fields.role.errors} className="field-errors" />
        <FormErrors errors={form.errors} className="field-errors" />
        <button type="submit" className="button" disabled={saving}>
          {saving ? t("settings.role.updating") : t("settings.role.update")}
        </button>
      </Form>
    </section>
  );
}

/** Delete Account: a disclosure asks "Are you absolutely sure?" (no JavaScript needed to open it). */
export function DangerZone() {
  const t = useT();
  const deleting = useSending("delete");
  const answer = useSettingsAnswer("delete");
  const [form] = useActionForm(deleteAccountSchema, { id: "delete-account", lastResult: answer });

  return (
    <section className="card danger-zone" aria-labelledby="danger-heading">
      <h2 id="danger-heading">{t("settings.danger.heading")}</h2>
      <p className="muted">{t("settings.danger.text")}</p>
      <details className="danger-confirm" open={answer ? true : undefined}>
        <summary className="button button-danger" role="button">
          {t("settings.danger.delete")}
        </summary>
        <Form
          method="post"
          {...getFormProps(form)}
          className="stack"
          aria-labelledby="delete-title"
          aria-describedby="delete-text"
        >
          <h3 id="delete-title">{t("settings.danger.confirmTitle")}</h3>
          <p id="delete-text">{t("settings.danger.confirmText")}</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="confirm" value="on" />
          <FormErrors
            errors={[...(form.errors ?? []), ...Object.values(form.allErrors).flat()].filter(
              (e, i, all) => all.indexOf(e) === i,
            )}
            className="field-errors"
          />
          <div className="form-actions">
            {/* Closes the question: a plain link back without JavaScript, the disclosure closed with it. */}
            <a
              href="/settings"
              className="button button-secondary"
              onClick={(event) => {
                event.preventDefault();
                event.currentTarget.closest("details")?.removeAttribute("open");
              }}
            >
              {t("settings.danger.cancel")}
            </a>
            <button type="submit" className="button button-danger" disabled={deleting}>
              {t("settings.danger.delete")}
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}
