import { formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { LedgerKind } from "~/db/enums";
import { LEDGER_KIND_LABELS } from "./ledger";

export interface LedgerEntryItem {
  id: number;
  kind: LedgerKind;
  /** Signed centavos. */
  amount: number;
  deliveryId: string | null;
  at: string;
  note: string | null;
}

/** The rider's balance (what the co-op owes them, or they owe it) and this month's ledger entries. */
export function LedgerCard({ balance, entries, monthLabel }: { balance: number; entries: LedgerEntryItem[]; monthLabel: string }) {
  return (
    <section className="card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Balance</h2>
      <p className="rider-balance" data-testid="ledger-balance">
        <strong>{formatPesos(balance)}</strong>
      </p>
      <p className="muted">
        {balance >= 0
          ? "What the co-op owes you: your shares and incentives, less insurance, cash you collected and cash-outs."
          : "What you owe the co-op: cash you collected is more than your shares. Hand it in at the office (a remittance)."}
      </p>
      <h3>Entries, {monthLabel}</h3>
      {entries.length === 0 ? (
        <p className="muted">No entries this month yet.</p>
      ) : (
        <ul className="ledger-entries" data-testid="ledger-entries">
          {entries.map((entry) => (
            <li key={entry.id} data-kind={entry.kind}>
              <span>
                {LEDGER_KIND_LABELS[entry.kind]}
                {entry.deliveryId ? ` · #${deliveryIdTail(entry.deliveryId)}` : ""}
                {entry.note ? <span className="muted"> · {entry.note}</span> : null}
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
