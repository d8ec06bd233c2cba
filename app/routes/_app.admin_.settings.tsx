import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { SettingsForm } from "~/settings/settings-form";
import { settingsToBody } from "~/settings/settings-schema";
import { settingsHistory, settingsInForce } from "~/settings/settings.server";
import adminStyles from "~/styles/admin.css";
import { formatManilaDateTime } from "~/time/manila";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Coop Settings · Hatid" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "admin");
  if (denied) return denied;
  if (!user) return { allowed: true as const, current: null, history: [] };
  const [current, history] = await Promise.all([settingsInForce(env.DB), settingsHistory(env.DB)]);
  return { allowed: true as const, current: { version: current.version, body: settingsToBody(current.settings) }, history };
}

/** Coop Settings: the rate card, cancellation fees, ID discounts, incentives and promo codes, each save a new version. */
export default function CoopSettings() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  if (!data.allowed) return <AccessDenied message="Access Denied: Admin access required for this page" />;
  const { current, history } = data;
  if (!current) return null;
  return (
    <main className="page stack-lg">
      <p>
        <Link to="/admin">← Coop Admin Panel</Link>
      </p>
      <h1>Coop Settings</h1>
      <p className="muted">
        Version {current.version} is in force. A change applies to quotes and bookings from now on; earlier bookings keep the prices they were made with.
      </p>
      <SettingsForm key={current.version} initial={current.body} onSaved={() => revalidator.revalidate()} />
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Changes</h2>
        {history.length === 0 ? (
          <p className="muted">No changes yet: the first version is in force.</p>
        ) : (
          <ol className="stack" data-testid="settings-history">
            {history.map((version) => (
              <li key={version.version}>
                Version {version.version}, {version.createdAt ? formatManilaDateTime(version.createdAt) : ""} by {version.createdBy?.name ?? "the system"}
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
