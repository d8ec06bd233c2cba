import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Link, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { profileSchema, roleSchema } from "~/auth/auth-schemas";
import type { UserView } from "~/auth/user-view";
import { Field } from "~/components/field";
import { ApiError, apiRequest } from "~/http/api-client";
import { useLanguage, useMessageText, useT } from "~/i18n/i18n";
import { LANGUAGES } from "~/i18n/languages";
import { toast } from "~/toast/toast-store";

/** The account parts of /settings (spec sections 2 and 5); their words are the `settings` namespace. */
const failed = (t: ReturnType<typeof useT>, description: string) => toast({ variant: "destructive", title: t("settings.error"), description });

/** Personal Information: names, email, language (stored on the account), the phone number (read only). */
export function PersonalInformation({ user }: { user: UserView }) {
  const revalidator = useRevalidator();
  const pageLanguage = useLanguage();
  const t = useT();
  const m = useMessageText();
  const [saving, setSaving] = useState(false);
  const [form, fields] = useForm({
    id: "profile",
    constraint: getZodConstraint(profileSchema),
    defaultValue: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email ?? "", language: user.language ?? pageLanguage },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSaving(true);
      try {
        await apiRequest("PATCH", "/api/auth/user/profile", { ...submission.value, email: submission.value.email ?? "" });
        toast({ title: t("settings.personal.saved"), description: t("settings.personal.savedBody") });
        revalidator.revalidate();
      } catch (error) {
        // The server's reason (in the page's language) when the email is another account's.
        failed(t, error instanceof ApiError && error.status === 409 ? error.serverMessage : t("settings.personal.failed"));
      } finally {
        setSaving(false);
      }
    },
  });

  return (
    <section className="card" aria-labelledby="personal-heading">
      <h2 id="personal-heading">{t("settings.personal.heading")}</h2>
      <form {...getFormProps(form)} className="stack">
        <div className="grid grid-2">
          <Field id={fields.firstName.id} label={t("settings.personal.firstName")} errors={fields.firstName.errors?.map(m)}>
            <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          </Field>
          <Field id={fields.lastName.id} label={t("settings.personal.lastName")} errors={fields.lastName.errors?.map(m)}>
            <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          </Field>
        </div>
        <Field id={fields.email.id} label={t("settings.personal.email")} errors={fields.email.errors?.map(m)}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="you@example.com" />
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
          <input id="phone-number" type="tel" value={user.phoneNumber ?? ""} readOnly aria-describedby="phone-number-hint" />
        </Field>
        <button type="submit" className="button" disabled={saving}>
          {saving ? t("settings.personal.saving") : t("settings.personal.save")}
        </button>
      </form>
    </section>
  );
}

export function AccountRole({ user }: { user: UserView }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const [form, fields] = useForm({
    id: "role",
    constraint: getZodConstraint(roleSchema),
    defaultValue: { role: user.role },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleSchema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSaving(true);
      try {
        await apiRequest("PATCH", "/api/auth/user/role", submission.value);
        toast({ title: t("settings.role.updated"), description: t("settings.role.updatedBody") });
        revalidator.revalidate();
      } catch (error) {
        // The server's own reason, already in the page's language, when it refuses the rider role ("Apply to become a rider first", a suspension).
        const refusal = error instanceof ApiError && error.status === 403 && submission.value.role === "rider" ? error.serverMessage : null;
        failed(t, refusal ?? t("settings.role.failed"));
      } finally {
        setSaving(false);
      }
    },
  });
  const mayRide = user.role === "rider" || (user.riderApproved && user.riderSuspension === null);

  return (
    <section className="card" aria-labelledby="role-heading">
      <h2 id="role-heading">{t("settings.role.heading")}</h2>
      <form {...getFormProps(form)} className="stack">
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
              <>{t("settings.role.suspended", { reason: user.riderSuspension })}</>
            ) : (
              <>
                {t("settings.role.applyFirst")} <Link to="/become-rider">{t("settings.role.applyLink")}</Link>
                {t("settings.role.applyAfter")}
              </>
            )}
          </p>
        )}
        <button type="submit" className="button" disabled={saving}>
          {saving ? t("settings.role.updating") : t("settings.role.update")}
        </button>
      </form>
    </section>
  );
}

export function DangerZone() {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [deleting, setDeleting] = useState(false);

  async function deleteAccount() {
    setDeleting(true);
    try {
      await apiRequest("DELETE", "/api/auth/user/account", { confirm: true });
      dialog.current?.close();
      toast({ title: t("settings.danger.deleted"), description: t("settings.danger.deletedBody") });
      // A full load: nothing of the old session may linger in the page.
      setTimeout(() => window.location.assign("/"), 600);
    } catch {
      setDeleting(false);
      dialog.current?.close();
      failed(t, t("settings.danger.failed"));
    }
  }

  return (
    <section className="card danger-zone" aria-labelledby="danger-heading">
      <h2 id="danger-heading">{t("settings.danger.heading")}</h2>
      <p className="muted">{t("settings.danger.text")}</p>
      <button type="button" className="button button-danger" onClick={() => dialog.current?.showModal()}>
        {t("settings.danger.delete")}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="delete-title" aria-describedby="delete-text">
        <h2 id="delete-title">{t("settings.danger.confirmTitle")}</h2>
        <p id="delete-text">
          {t("settings.danger.confirmText")}
        </p>
        <div className="row dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()} autoFocus>
            {t("settings.danger.cancel")}
          </button>
          <button type="button" className="button button-danger" onClick={deleteAccount} disabled={deleting}>
            {t("settings.danger.delete")}
          </button>
        </div>
      </dialog>
    </section>
  );
}
