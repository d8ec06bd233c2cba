import { useId, useState } from "react";
import { ApiError } from "~/http/api-client";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";
import type { PartnerMemberView, PartnerView } from "./partners.server";

/** One business partner on /admin/partners: its customers, adding one by mobile, the month's statement. */
export function PartnerCard({ partner, defaultMonth, onChanged }: { partner: PartnerView & { members: PartnerMemberView[] }; defaultMonth: string; onChanged: () => void }) {
  const id = useId();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [month, setMonth] = useState(defaultMonth);
  const t = useT();
  const keys = useIntentKeys();

  async function addMember(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await keys.request("add-member", "POST", `/api/admin/partners/${partner.id}/members`, { phoneNumber: phone });
      toast({ title: t("admin.partner.addedToast"), description: t("admin.partner.addedToastText", { partner: partner.name }) });
      setPhone("");
      setError(null);
      onChanged();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.serverMessage : t("admin.tryAgain"));
    } finally {
      setBusy(false);
    }
  }

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
              {[member.firstName, member.lastName].filter(Boolean).join(" ") || t("admin.unnamed")} · {member.phoneNumber}
            </li>
          ))}
        </ul>
      )}
      <form className="row partner-add" onSubmit={addMember}>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t("admin.partner.mobile")}</label>
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            placeholder="09171234567"
            value={phone}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPhone(event.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-secondary" disabled={busy || phone.trim() === ""}>
          {t("admin.partner.add")}
        </button>
      </form>
      <div className="row partner-statement">
        <div className="field">
          <label htmlFor={`${id}-month`}>{t("admin.partner.month")}</label>
          <input id={`${id}-month`} type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
        </div>
        <a className="button button-secondary" href={`/api/admin/partners/${partner.id}/statement?month=${encodeURIComponent(month)}`} download>
          {t("admin.partner.download")}
        </a>
      </div>
    </li>
  );
}
