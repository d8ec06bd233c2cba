import { useActionData, useFetcher } from "@remix-run/react";
import { useId } from "react";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useT } from "~/i18n/i18n";
import type { PartnerMemberView, PartnerView } from "~/partners/partners.server";

/** The action's answer to the form posted with these fields (a fetcher's, or a plain post's without JavaScript). */
export function usePostedAnswer(fetcherData: FormAnswer | undefined, fields: Record<string, string>) {
  const actionData = useActionData<FormAnswer>();
  if (fetcherData) return fetcherData;
  const posted = actionData?.initialValue as Record<string, unknown> | undefined;
  return posted && Object.entries(fields).every(([name, value]) => posted[name] === value) ? actionData : undefined;
}

/**
 * One business partner on /admin/partners: its customers, adding one by mobile (a form posted to
 * the page's action, decision 0187), the month's statement (a GET form: a download without JavaScript).
 */
export function PartnerCard({
  partner,
  defaultMonth,
}: {
  partner: PartnerView & { members: PartnerMemberView[] };
  defaultMonth: string;
}) {
  const id = useId();
  const t = useT();
  const fetcher = useFetcher<FormAnswer>();
  const answer = usePostedAnswer(fetcher.data, { intent: "addMember", partnerId: partner.id });
  const errors = [...(answer?.error?.phoneNumber ?? []), ...(answer?.error?.[""] ?? [])];
  return (
    <li className="card stack" data-partner-id={partner.id}>
      <h2>{partner.name}</h2>
      <p className="muted">{t("admin.partner.billingEmail", { email: partner.billingEmail })}</p>
      <h3>{t("admin.partner.customers", { count: partner.memberCount })}</h3>
      {partner.members.length === 0 ? (
        <p className="muted">{t("admin.partner.noCustomers")}</p>
      ) : (
        <ul className="partner-members">
          {partner.members.map((member) => (
            <li key={member.userId}>
              {[member.firstName, member.lastName].filter(Boolean).join(" ") || t("admin.unnamed")} ·{" "}
              <span className="nowrap">{member.phoneNumber}</span>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form method="post" action="/admin/partners" className="row partner-add">
        <input type="hidden" name="intent" value="addMember" />
        <input type="hidden" name="partnerId" value={partner.id} />
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t("admin.partner.mobile")}</label>
          <input
            id={`${id}-phone`}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            placeholder="09171234567"
            aria-describedby={errors.length ? `${id}-error` : undefined}
          />
          <FormErrors id={`${id}-error`} errors={errors} />
        </div>
        <button type="submit" className="button button-secondary" disabled={fetcher.state !== "idle"}>
          {t("admin.partner.add")}
        </button>
      </fetcher.Form>
      <form method="get" action={`/api/admin/partners/${partner.id}/statement`} className="row partner-statement">
        <div className="field">
          <label htmlFor={`${id}-month`}>{t("admin.partner.month")}</label>
          <input id={`${id}-month`} name="month" type="month" defaultValue={defaultMonth} />
        </div>
        <button type="submit" className="button button-secondary">
          {t("admin.partner.download")}
        </button>
      </form>
    </li>
  );
}
