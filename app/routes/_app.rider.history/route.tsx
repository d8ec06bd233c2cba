import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { formatPesos } from "~/money/money";
import { RatingStars } from "~/deliveries/rating-form";
import { useT } from "~/i18n/i18n";
import type { HistoryOutcome } from "./history.server";
import type { riderHistoryLoader as loader } from "./route.server";
import riderStyles from "~/styles/rider.css";
import { formatManilaDateTime } from "~/i18n/manila";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: riderStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Delivery History · Hatid" },
];

export { riderHistoryLoader as loader } from "./route.server";

export default function RiderHistoryPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (!("history" in data) || !data.history) return null;
  const { page, entries, hasNext } = data.history;
  return (
    <main className="page rider-dashboard rider-history-page">
      <p>
        <Link to="/rider-dashboard">{t("rider.backToDashboard")}</Link>
      </p>
      <h1>{t("rider.history.title")}</h1>
      <p className="muted">{t("rider.history.intro")}</p>
      <section className="card" aria-label={t("rider.history.page", { page })}>
        {entries.length === 0 ? (
          <p className="muted">{page === 1 ? t("rider.history.none") : t("rider.history.noMore")}</p>
        ) : (
          <ol className="rider-list" data-testid="history-list">
            {entries.map((entry) => (
              <li
                key={`${entry.deliveryId}-${entry.at}-${entry.outcome}`}
                className="rider-item"
                data-delivery-id={entry.deliveryId}
              >
                <div className="rider-item-head">
                  <span className={`history-badge history-${entry.outcome}`}>
                    {t(`rider.history.outcome.${entry.outcome satisfies HistoryOutcome}`)}
                  </span>
                  <span className="rider-id">#{deliveryIdTail(entry.deliveryId)}</span>
                  <time className="muted" dateTime={entry.at}>
                    {formatManilaDateTime(entry.at)}
                  </time>
                </div>
                <p className="rider-route">
                  {entry.pickupCity} → {entry.dropoffCity}
                </p>
                <p className="rider-meta">
                  {entry.outcome === "delivered" ? (
                    <span>{t("rider.history.earned", { amount: formatPesos(entry.share) })}</span>
                  ) : null}
                  {entry.outcome === "delivered" ? (
                    entry.rating ? (
                      <>
                        {" · "}
                        <RatingStars rating={entry.rating} />
                      </>
                    ) : (
                      <span className="muted"> · {t("rider.history.notRated")}</span>
                    )
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        <nav className="row rider-pager" aria-label={t("rider.history.pages")}>
          {page > 1 ? (
            <Link
              className="button button-secondary"
              to={page === 2 ? "/rider/history" : `/rider/history?page=${page - 1}`}
              rel="prev"
            >
              {t("rider.history.previous")}
            </Link>
          ) : null}
          <span className="muted">{t("rider.history.page", { page })}</span>
          {hasNext ? (
            <Link className="button button-secondary" to={`/rider/history?page=${page + 1}`} rel="next">
              {t("rider.history.next")}
            </Link>
          ) : null}
        </nav>
      </section>
    </main>
  );
}
