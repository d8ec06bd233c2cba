import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { listIdDiscounts } from "~/discounts/id-discounts.server";
import { ApiError, apiRequest } from "~/http/api-client";
import { ID_DISCOUNT_LABELS } from "~/pricing/discounts";
import adminStyles from "~/styles/admin.css";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "ID Discounts · Hatid" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "admin");
  if (denied) return denied;
  if (!user) return { allowed: true as const, queue: [] };
  return { allowed: true as const, queue: await listIdDiscounts(env, "pending") };
}

/** The admin's queue of ID-discount applications: the photo (admin-only route), Approve or Reject with a reason. */
export default function IdDiscountQueue() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  if (!data.allowed) return <AccessDenied message="Access Denied: Admin access required for this page" />;
  const queue = "queue" in data ? data.queue : [];

  async function review(id: string, decision: "approve" | "reject") {
    setBusy(id);
    try {
      await apiRequest("POST", `/api/admin/id-discounts/${id}/review`, decision === "approve" ? { decision } : { decision, reason: reasons[id] ?? "" });
      toast({ title: decision === "approve" ? "ID approved" : "ID rejected" });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Error", description: error instanceof ApiError ? error.serverMessage : "Please try again.", variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">← Coop Admin Panel</Link>
      </p>
      <h1>ID Discounts</h1>
      {queue.length === 0 ? (
        <p className="card muted">No IDs are waiting for review.</p>
      ) : (
        <ul className="stack id-queue">
          {queue.map((application) => (
            <li key={application.id} className="card stack" data-application-id={application.id}>
              <h2>
                {[application.applicant.firstName, application.applicant.lastName].filter(Boolean).join(" ") || application.applicant.phoneNumber} ·{" "}
                {ID_DISCOUNT_LABELS[application.kind]} ({application.percent}%)
              </h2>
              <p className="muted">Uploaded {formatManilaDateTime(application.createdAt)}</p>
              <img
                src={`/api/admin/id-discounts/${application.id}/image`}
                alt={`${ID_DISCOUNT_LABELS[application.kind]} ID uploaded by the customer`}
                className="id-photo"
                loading="lazy"
              />
              <div className="field">
                <label htmlFor={`reason-${application.id}`}>Reason (needed to reject)</label>
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
                  Approve
                </button>
                <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => review(application.id, "reject")}>
                  Reject
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
