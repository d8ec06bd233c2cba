import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import type { listIdDiscounts } from "~/pricing/id-discounts.server";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import { formatManilaDateTime } from "~/i18n/manila";
import type { adminIdDiscountsLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminIdDiscountsLoader as loader, adminIdDiscountsAction as action } from "./route.server";

/** The admin's queue of ID-discount applications: the photo (admin-only route), Approve or Reject with a reason. */
export default function IdDiscountQueue() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const queue = "queue" in data ? data.queue : [];
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("admin.ids.heading")}</h1>
      {queue.length === 0 ? (
        <p className="card muted">{t("admin.ids.empty")}</p>
      ) : (
        <ul className="stack id-queue">
          {queue.map((application) => (
            <IdReview key={application.id} application={application} />
          ))}
        </ul>
      )}
    </main>
  );
}

type QueuedId = Awaited<ReturnType<typeof listIdDiscounts>>[number];

function IdReview({ application }: { application: QueuedId }) {
  const fetcher = useFetcher<FormAnswer>();
  const actionData = useActionData<FormAnswer>();
  const t = useT();
  const posted = actionData?.initialValue as Record<string, unknown> | undefined;
  const answer = fetcher.data ?? (posted?.applicationId === application.id ? actionData : undefined);
  const errors = answer?.error ?? {};
  const busy = fetcher.state !== "idle";
  const reasonId = `reason-${application.id}`;
  return (
    <li className="card stack" data-application-id={application.id}>
      <h2>
        {[application.applicant.firstName, application.applicant.lastName].filter(Boolean).join(" ") ||
          application.applicant.phoneNumber}{" "}
        · {t(`admin.ids.kind.${application.kind}`)} ({application.percent}%)
      </h2>
      <p className="muted">{t("admin.ids.uploaded", { date: formatManilaDateTime(application.createdAt) })}</p>
      <img
        src={`/api/admin/id-discounts/${application.id}/image`}
        alt={t("admin.ids.photoAlt", { kind: t(`admin.ids.kind.${application.kind}`) })}
        className="id-photo"
        loading="lazy"
      />
      <fetcher.Form method="post" action="/admin/id-discounts" className="stack">
        <input type="hidden" name="applicationId" value={application.id} />
        <div className="field">
          <label htmlFor={reasonId}>{t("admin.ids.reason")}</label>
          <input
            id={reasonId}
            name="reason"
            type="text"
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          />
          <FormErrors id={`${reasonId}-error`} errors={errors.reason} />
        </div>
        <FormErrors errors={[...(errors[""] ?? []), ...(errors.decision ?? [])]} />
        <div className="admin-card-actions">
          <button type="submit" name="decision" value="approve" className="button" disabled={busy}>
            {t("admin.approve")}
          </button>
          <button type="submit" name="decision" value="reject" className="button button-secondary" disabled={busy}>
            {t("admin.reject")}
          </button>
        </div>
      </fetcher.Form>
    </li>
  );
}
