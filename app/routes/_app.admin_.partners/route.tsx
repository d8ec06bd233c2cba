import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { PartnerCard, usePostedAnswer } from "./partner-card";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import type { adminPartnersLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

/** How many partners the page shows with their customers (newest first). */

export { adminPartnersLoader as loader, adminPartnersAction as action } from "./route.server";

/** The admin's Business Partners Quick Action. */
export default function BusinessPartners() {
  const data = useLoaderData<typeof loader>();
  const fetcher = useFetcher<FormAnswer>();
  const answer = usePostedAnswer(fetcher.data, { intent: "create" });
  const errors = answer?.error ?? {};
  const t = useT();
  const { partners, month } = data as { partners: Parameters<typeof PartnerCard>[0]["partner"][]; month: string };
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("admin.partners.heading")}</h1>
      <section className="card" aria-labelledby="new-partner">
        <h2 id="new-partner">{t("admin.partners.new")}</h2>
        <fetcher.Form method="post" action="/admin/partners" className="stack">
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor="partner-name">{t("admin.partners.name")}</label>
            <input id="partner-name" name="name" type="text" />
            <FormErrors errors={errors.name} />
          </div>
          <div className="field">
            <label htmlFor="partner-email">{t("admin.partners.billingEmail")}</label>
            <input id="partner-email" name="billingEmail" type="email" />
            <FormErrors errors={errors.billingEmail} />
          </div>
          <FormErrors errors={errors[""]} />
          <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? t("admin.partners.creating") : t("admin.partners.create")}
          </button>
        </fetcher.Form>
      </section>
      {partners.length === 0 ? (
        <p className="card muted">{t("admin.partners.empty")}</p>
      ) : (
        <ul className="stack partner-list">
          {partners.map((partner) => (
            <PartnerCard key={partner.id} partner={partner} defaultMonth={month} />
          ))}
        </ul>
      )}
    </main>
  );
}
