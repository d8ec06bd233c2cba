import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
import { getDb } from "~/db/client.server";
import { ApiError } from "~/http/api-client";
import { useIntentKeys } from "~/http/use-intent-keys";
import { PartnerCard } from "~/partners/partner-card";
import { getPartner, listPartners } from "~/partners/partners.server";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import { manilaDate } from "~/time/manila";
import { toast } from "~/toast/toast-store";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

/** How many partners the page shows with their customers (newest first). */
const PARTNERS_SHOWN = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { title: "admin.title.partners" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, partners: [], month: "", ...page };
  const db = getDb(env.DB);
  const partners = await Promise.all((await listPartners(db)).slice(0, PARTNERS_SHOWN).map((partner) => getPartner(db, partner.id)));
  return { allowed: true as const, partners, month: manilaDate(Date.now()).slice(0, 7), ...page };
}

/** The admin's Business Partners Quick Action. */
export default function BusinessPartners() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [billingEmail, setBillingEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const t = useT();
  const keys = useIntentKeys();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  const { partners, month } = data as { partners: Parameters<typeof PartnerCard>[0]["partner"][]; month: string };

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await keys.request("create", "POST", "/api/admin/partners", { name, billingEmail });
      toast({ title: t("admin.partners.createdToast"), description: name });
      setName("");
      setBillingEmail("");
      setErrors({});
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.keys(error.fieldErrors).length ? error.fieldErrors : { body: [error.serverMessage] });
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("admin.partners.heading")}</h1>
      <section className="card" aria-labelledby="new-partner">
        <h2 id="new-partner">{t("admin.partners.new")}</h2>
        <form className="stack" onSubmit={create}>
          <div className="field">
            <label htmlFor="partner-name">{t("admin.partners.name")}</label>
            <input id="partner-name" type="text" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
            {errors.name ? <p className="field-error">{errors.name[0]}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="partner-email">{t("admin.partners.billingEmail")}</label>
            <input id="partner-email" type="email" value={billingEmail} onChange={(event) => setBillingEmail(event.target.value)} />
            {errors.billingEmail ? <p className="field-error">{errors.billingEmail[0]}</p> : null}
          </div>
          {errors.body ? <p className="field-error">{errors.body[0]}</p> : null}
          <button type="submit" className="button" disabled={saving}>
            {saving ? t("admin.partners.creating") : t("admin.partners.create")}
          </button>
        </form>
      </section>
      {partners.length === 0 ? (
        <p className="card muted">{t("admin.partners.empty")}</p>
      ) : (
        <ul className="stack partner-list">
          {partners.map((partner) => (
            <PartnerCard key={partner.id} partner={partner} defaultMonth={month} onChanged={() => revalidator.revalidate()} />
          ))}
        </ul>
      )}
    </main>
  );
}
