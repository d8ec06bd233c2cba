import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { formatPesos } from "~/money/money";
import { RatingStars } from "~/ratings/rating-form";
import { pageFrom, riderHistoryPage, type HistoryOutcome } from "~/riders/history.server";
import riderStyles from "~/styles/rider.css";
import { formatManilaDateTime } from "~/time/manila";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: riderStyles }];
export const meta: MetaFunction = () => [{ title: "Delivery History · Hatid" }];

/** Delivery History: every delivery the rider delivered, released or lost to a cancellation, 20 per page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "rider");
  if (denied) return denied;
  if (!user) return { allowed: true as const, history: null };
  const page = pageFrom(request.url);
  const { entries, hasNext } = await riderHistoryPage(env.DB, user.id, page);
  return { allowed: true as const, history: { page, entries, hasNext } };
}

const OUTCOME_LABELS: Record<HistoryOutcome, string> = {
  delivered: "Delivered",
  released: "Released",
  cancelled: "Cancelled",
};

export default function RiderHistoryPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.allowed) return <AccessDenied message="Access Denied: Rider access required for this page" />;
  if (!("history" in data) || !data.history) return null;
  const { page, entries, hasNext } = data.history;
  return (
    <main className="page rider-dashboard rider-history-page">
      <p>
        <Link to="/rider-dashboard">← Rider Dashboard</Link>
      </p>
      <h1>Delivery History</h1>
      <p className="muted">Every delivery you delivered, released or held when it was cancelled, newest first.</p>
      <section className="card" aria-label={`Page ${page}`}>
        {entries.length === 0 ? (
          <p className="muted">{page === 1 ? "No deliveries in your history yet." : "No more deliveries."}</p>
        ) : (
          <ol className="rider-list" data-testid="history-list">
            {entries.map((entry) => (
              <li key={`${entry.deliveryId}-${entry.at}-${entry.outcome}`} className="rider-item" data-delivery-id={entry.deliveryId}>
                <div className="rider-item-head">
                  <span className={`history-badge history-${entry.outcome}`}>{OUTCOME_LABELS[entry.outcome]}</span>
                  <span className="rider-id">#{deliveryIdTail(entry.deliveryId)}</span>
                  <time className="muted" dateTime={entry.at}>
                    {formatManilaDateTime(entry.at)}
                  </time>
                </div>
                <p className="rider-route">
                  {entry.pickupCity} → {entry.dropoffCity}
                </p>
                <p className="rider-meta">
                  {entry.outcome === "delivered" ? <span>You earned {formatPesos(entry.share)}</span> : null}
                  {entry.outcome === "delivered" ? (
                    entry.rating ? (
                      <>
                        {" · "}
                        <RatingStars rating={entry.rating} />
                      </>
                    ) : (
                      <span className="muted"> · Not rated yet</span>
                    )
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        <nav className="row rider-pager" aria-label="Pages">
          {page > 1 ? (
            <Link className="button button-secondary" to={page === 2 ? "/rider/history" : `/rider/history?page=${page - 1}`} rel="prev">
              Previous
            </Link>
          ) : null}
          <span className="muted">Page {page}</span>
          {hasNext ? (
            <Link className="button button-secondary" to={`/rider/history?page=${page + 1}`} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      </section>
    </main>
  );
}
