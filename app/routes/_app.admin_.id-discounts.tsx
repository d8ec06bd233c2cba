import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
import { listIdDiscounts } from "~/discounts/id-discounts.server";
import { ApiError } from "~/http/api-client";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { title: "admin.title.idDiscounts" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, queue: [], ...page };
  return { allowed: true as const, queue: await listIdDiscounts(env, "pending"), ...page };
}

/** The admin's queue of ID-discount applications: the photo (admin-only route), Approve or Reject with a reason. */
export default function IdDiscountQueue() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const t = useT();
  const keys = useIntentKeys();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  const queue = "queue" in data ? data.queue : [];

  async function review(id: string, decision: "approve" | "reject") {
    setBusy(id);
    try {
      await keys.request(`review:${id}:${decision}`, "POST", `/api/admin/id-discounts/${id}/review`, decision === "approve" ? { decision } : { decision, reason: reasons[id] ?? "" });
      toast({ title: decision === "approve" ? t("admin.ids.approvedToast") : t("admin.ids.rejectedToast") });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: t("admin.error"), description: error instanceof ApiError ? error.serverMessage : t("admin.tryAgain"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("admin.ids.heading")}</h1>
      {queue.length === 0 ? (
        <p className="card muted">{t("admin.ids.empty")}</p>
      ) : (
        <ul className="stack id-queue">
          {queue.map((application) => (
            <li key={application.id} className="card stack" data-application-id={application.id}>
              <h2>
                {[application.applicant.firstName, application.applicant.lastName].filter(Boolean).join(" ") || application.applicant.phoneNumber} ·{" "}
                {t(`admin.ids.kind.${application.kind}`)} ({application.percent}%)
              </h2>
              <p className="muted">{t("admin.ids.uploaded", { date: formatManilaDateTime(application.createdAt) })}</p>
              <img
                src={`/api/admin/id-discounts/${application.id}/image`}
                alt={t("admin.ids.photoAlt", { kind: t(`admin.ids.kind.${application.kind}`) })}
                className="id-photo"
                loading="lazy"
              />
              <div className="field">
                <label htmlFor={`reason-${application.id}`}>{t("admin.ids.reason")}</label>
                <input
                  id={`reason-${application.id}`}
                  type="text"
                  maxLength={300}
                  value={reasons[application.id] ?? ""}
                  onChange={(event) => setReasons({ ...reasons, [application.id]: event.target.value })}
                />
              </div>
              <div className="row">
                <button type="button" className="button" disabled={busy !== null} onClick={() => review(application.id, "approve")}>
                  {t("admin.approve")}
                </button>
                <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => review(application.id, "reject")}>
                  {t("admin.reject")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
