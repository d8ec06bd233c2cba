import { Link } from "@remix-run/react";
import { formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/i18n/manila";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { LedgerEntry } from "~/ledger/ledger-rules";
import { useMessageText, useT } from "~/i18n/i18n";

/**
 * The month's ledger entries, newest first, a page at a time: links (no script needed) to the older
 * ones and back. The balance they add up to is shown with Cash Out, first on the page.
 */
export function LedgerCard({
  balance,
  entries,
  monthLabel,
  nextCursor,
  olderPage,
}: {
  balance: number;
  entries: LedgerEntry[];
  monthLabel: string;
  nextCursor: string | null;
  olderPage: boolean;
}) {
  const t = useT();
  const said = useMessageText();
  return (
    <section className="card" id="ledger" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t("rider.ledger.entries", { month: monthLabel })}</h2>
      {balance >= 0 ? <p className="muted rider-note">{t("rider.ledger.owed")}</p> : null}
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
      {olderPage || nextCursor ? (
        <p className="row ledger-pages">
          {olderPage ? (
            <Link className="button button-secondary" to="/rider/earnings#ledger">
              {t("rider.ledger.newest")}
            </Link>
          ) : null}
          {nextCursor ? (
            <Link
              className="button button-secondary"
              to={`/rider/earnings?cursor=${encodeURIComponent(nextCursor)}#ledger`}
            >
              {t("rider.ledger.older")}
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
