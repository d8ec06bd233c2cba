import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount } from "~/money/money";
import { formatManilaDay } from "~/i18n/manila";
import type { FundView } from "~/coop/fund-view.server";

/** The fund's balance and its movements, newest first, a page at a time. */
export function FundMovements({ fund, olderPage }: { fund: FundView; olderPage: boolean }) {
  const t = useT();
  return (
    <>
      <section className="card" aria-labelledby="fund-balance">
        <h2 id="fund-balance">{t("coop.fund.balance")}</h2>
        <p className="fund-balance" data-testid="fund-balance" data-money>
          {formatPesoAmount(fund.balance)}
        </p>
        {fund.heldForClaims > 0 ? (
          <p className="muted" data-testid="fund-held">
            {t("coop.fund.held", { held: formatPesoAmount(fund.heldForClaims), free: formatPesoAmount(fund.free) })}
          </p>
        ) : null}
        {fund.waitingForFunds.claims > 0 ? (
          <p data-testid="fund-waiting">
            {t("coop.fund.waiting", {
              count: String(fund.waitingForFunds.claims),
              amount: formatPesoAmount(fund.waitingForFunds.amount),
            })}
          </p>
        ) : null}
      </section>
      <section className="card stack" aria-labelledby="fund-movements">
        <h2 id="fund-movements">{t("coop.fund.movements")}</h2>
        {fund.movements.length === 0 ? (
          <p className="muted">{t("coop.fund.empty")}</p>
        ) : (
          <ul className="fund-movements" data-testid="fund-movements">
            {fund.movements.map((movement) => (
              <li key={movement.id} data-kind={movement.kind}>
                <span>
                  <strong>{t(`coop.fund.kind.${movement.kind}`)}</strong>
                  {movement.kind === "fees" ? null : <span className="muted"> · {movement.label}</span>}
                </span>
                <time className="muted" dateTime={movement.day}>
                  {formatManilaDay(movement.day)}
                </time>
                <span data-money className={movement.amount < 0 ? "fund-out" : "fund-in"}>
                  {movement.amount > 0 ? "+" : ""}
                  {formatPesoAmount(movement.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="row">
          {olderPage ? <Link to="/coop/fund">{t("coop.fund.newest")}</Link> : null}
          {fund.nextCursor ? (
            <Link to={`/coop/fund?cursor=${encodeURIComponent(fund.nextCursor)}`}>{t("coop.fund.older")}</Link>
          ) : null}
        </p>
      </section>
    </>
  );
}
