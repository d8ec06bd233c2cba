import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { IdDiscountCard } from "~/discounts/id-discount-card";
import { latestIdDiscount, toIdDiscountView } from "~/discounts/id-discounts.server";
import { useRef, useState } from "react";
import { profileSchema, roleSchema } from "~/auth/auth-schemas";
import type { UserView } from "~/auth/user-view";
import { Field } from "~/components/field";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";
import { useLanguage, useT } from "~/i18n/i18n";
import { LANGUAGES } from "~/i18n/languages";
import { useUser } from "./_app";
import { PushSettings } from "~/notifications/push-settings";
import { vapidConfigOf } from "~/notifications/push.server";

export const meta: MetaFunction = () => [
  { title: "Settings · Hatid" },
  { name: "description", content: "Your Hatid account: personal information, role and account deletion." },
];

const failed = (description: string) => toast({ variant: "destructive", title: "Error", description });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  const application = user ? await latestIdDiscount(env, user.id) : null;
  return { idDiscount: application ? toIdDiscountView(application) : null, vapidPublicKey: vapidConfigOf(env)?.publicKey ?? null };
}

/** Account settings (spec section 2 and 5). */
export default function Settings() {
  const user = useUser();
  const { idDiscount, vapidPublicKey } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <main className="page narrow-page stack-lg">
      <h1>Account Settings</h1>
      <PersonalInformation user={user} />
      <IdDiscountCard application={idDiscount} onUploaded={() => revalidator.revalidate()} />
      <PushSettings vapidPublicKey={vapidPublicKey} />
      <AccountRole user={user} />
      <DangerZone />
    </main>
  );
}

function PersonalInformation({ user }: { user: UserView }) {
  const revalidator = useRevalidator();
  const pageLanguage = useLanguage();
  const t = useT();
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
        toast({ title: "Profile Updated", description: "Your profile has been updated successfully." });
        revalidator.revalidate();
      } catch {
        failed("Failed to update profile. Please try again.");
      } finally {
        setSaving(false);
      }
    },
  });

  return (
    <section className="card" aria-labelledby="personal-heading">
      <h2 id="personal-heading">Personal Information</h2>
      <form {...getFormProps(form)} className="stack">
        <div className="grid grid-2">
          <Field id={fields.firstName.id} label="First Name" errors={fields.firstName.errors}>
            <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          </Field>
          <Field id={fields.lastName.id} label="Last Name" errors={fields.lastName.errors}>
            <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          </Field>
        </div>
        <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="you@example.com" />
        </Field>
        <Field id={fields.language.id} label={t("common.language.label")} errors={fields.language.errors}>
          <select {...getSelectProps(fields.language)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`common.language.${language}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="phone-number" label="Phone Number" hint="Contact support if you need to update it">
          <input id="phone-number" type="tel" value={user.phoneNumber ?? ""} readOnly aria-describedby="phone-number-hint" />
        </Field>
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </form>
    </section>
  );
}

function AccountRole({ user }: { user: UserView }) {
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
        toast({ title: "Role Updated", description: "Your role has been updated successfully." });
        revalidator.revalidate();
      } catch (error) {
        // The server's own reason when it refuses the rider role ("Apply to become a rider first", a suspension).
        const refusal = error instanceof ApiError && error.status === 403 && submission.value.role === "rider" ? error.serverMessage : null;
        failed(refusal ?? "Failed to update role. Please try again.");
      } finally {
        setSaving(false);
      }
    },
  });
  const mayRide = user.role === "rider" || (user.riderApproved && user.riderSuspension === null);

  return (
    <section className="card" aria-labelledby="role-heading">
      <h2 id="role-heading">Account Role</h2>
      <form {...getFormProps(form)} className="stack">
        <Field id={fields.role.id} label="Role" hint="Riders accept and deliver bookings and share their live location.">
          <select {...getSelectProps(fields.role)}>
            <option value="user">User (Customer)</option>
            <option value="rider">Rider (Delivery Partner)</option>
            {user.role === "admin" ? <option value="admin">Admin</option> : null}
          </select>
        </Field>
        {mayRide ? null : (
          <p className="notice" id="rider-role-notice">
            {user.riderSuspension !== null ? (
              <>Your rider account is suspended: {user.riderSuspension}</>
            ) : (
              <>
                Apply to become a rider first. <Link to="/become-rider">Apply on the Become a Rider page</Link>, and
                once the co-op approves your application you can switch to the rider role here.
              </>
            )}
          </p>
        )}
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Updating..." : "Update Role"}
        </button>
      </form>
    </section>
  );
}

function DangerZone() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [deleting, setDeleting] = useState(false);

  async function deleteAccount() {
    setDeleting(true);
    try {
      await apiRequest("DELETE", "/api/auth/user/account", { confirm: true });
      dialog.current?.close();
      toast({ title: "Account Deleted", description: "Your account has been deleted successfully." });
      // A full load: nothing of the old session may linger in the page.
      setTimeout(() => window.location.assign("/"), 600);
    } catch {
      setDeleting(false);
      dialog.current?.close();
      failed("Failed to delete account. Please try again.");
    }
  }

  return (
    <section className="card danger-zone" aria-labelledby="danger-heading">
      <h2 id="danger-heading">Danger Zone</h2>
      <p className="muted">Deleting your account deactivates it. Your past deliveries stay on the cooperative's books.</p>
      <button type="button" className="button button-danger" onClick={() => dialog.current?.showModal()}>
        Delete Account
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="delete-title" aria-describedby="delete-text">
        <h2 id="delete-title">Are you absolutely sure?</h2>
        <p id="delete-text">
          This action cannot be undone. This will permanently deactivate your account and you will lose access to all your data.
        </p>
        <div className="row dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={deleteAccount} disabled={deleting}>
            Delete Account
          </button>
        </div>
      </dialog>
    </section>
  );
}
