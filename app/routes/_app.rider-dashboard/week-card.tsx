import { formatPesos } from "~/money/money";
import { COOP_SHARE_PERCENT, RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { useT } from "~/i18n/i18n";

export interface WeekEarnings {
  week: number;
  weekCoopShare: number;
  completedThisWeek: number;
}

/** This week's earnings, the deliveries behind them and the shares. */
export function WeekCard({ earnings }: { earnings: WeekEarnings }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="week-title">
      <h2 id="week-title">{t("rider.week.title")}</h2>
      <p className="rider-week-amount" data-testid="week-earnings">
        {formatPesos(earnings.week)}
      </p>
      <dl className="figure-list">
        <div>
          <dt>{t("rider.week.deliveries")}</dt>
          <dd>{earnings.completedThisWeek}</dd>
        </div>
        <div>
          <dt>{t("rider.week.share")}</dt>
          <dd>{RIDER_SHARE_PERCENT}%</dd>
        </div>
        <div>
          <dt>{t("rider.week.coopShare", { percent: COOP_SHARE_PERCENT })}</dt>
          <dd>{formatPesos(earnings.weekCoopShare)}</dd>
        </div>
      </dl>
    </section>
  );
}
