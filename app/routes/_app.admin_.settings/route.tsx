import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { ChangeList, useVersionText } from "./settings-changes";
import { SettingsForm, type SettingsAnswer } from "./settings-form";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import type { adminSettingsAction as action, adminSettingsLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminSettingsLoader as loader, adminSettingsAction as action } from "./route.server";

/** Coop Settings: the rate card, cancellation fees, ID discounts, incentives and promo codes, each save a new version. */
export default function CoopSettings() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SettingsAnswer | undefined;
  const t = useT();
  const versionText = useVersionText();
  const { current, history } = data;
  if (!current) return null;
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminMoney.settings.heading")}</h1>
      <p className="muted">{t("adminMoney.settings.inForce", { version: current.version })}</p>
      <SettingsForm key={current.version} initial={{ ...current.body, baseVersion: current.version }} answer={answer} />
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t("adminMoney.settings.changes")}</h2>
        {history.length === 0 ? (
          <p className="muted">{t("adminMoney.settings.noChanges")}</p>
        ) : (
          <ol className="stack" data-testid="settings-history">
            {history.map((version) => (
              <li key={version.version}>
                {versionText(version)}
                {version.changes.length > 0 ? (
                  <ChangeList changes={version.changes} testId={`settings-changes-${version.version}`} />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
