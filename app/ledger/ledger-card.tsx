import { formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { LedgerEntry } from "./ledger";
import { useMessageText, useT } from "~/i18n/i18n";

/** The rider's balance (what the co-op owes them, or they owe it) and this month's ledger entries. */
export function LedgerCard({ balance, entries, monthLabel }: { balance: number; entries: LedgerEntry[]; monthLabel: string }) {
  const t = useT();
  const said = useMessageText();
  return (
    <section className="card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t("rider.ledger.balance")}</h2>
      <p className="rider-balance" data-testid="ledger-balance">
        <strong>{formatPesos(balance)}</strong>
      </p>
      <p className="muted">
        {balance >= 0 ? t("rider.ledger.owed") : t("rider.ledger.owing")}
      </p>
      <h3>{t("rider.ledger.entries", { month: monthLabel })}</h3>
      {entries.length === 0 ? (
        <p className="muted">{t("rider.ledger.none")}</p>
      ) : (
        <ul className="ledger-entries" data-testid="ledger-entries">
          {entries.map((entry) => (
            <li key={entry.id} data-kind={entry.kind}>
              <span>
                {t(`rider.ledger.kind.${entry.kind}`)}
                {entry.deliveryId ? ` · #${deliveryIdTail(entry.deliveryId)}` : ""}
                {entry.note ? <span className="muted"> · {said(entry.note)}</span> : null}
              </span>
              <span className="muted">{formatManilaDateTime(entry.at)}</span>
              <strong className={entry.amount < 0 ? "ledger-out" : "ledger-in"}>
                {entry.amount < 0 ? "−" : "+"}
                {formatPesos(Math.abs(entry.amount))}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
