import { useT } from "~/i18n/i18n";
import { formatManilaDateTime } from "~/i18n/manila";
import type { SettingsVersion } from "~/settings/coop-settings";
import { formatChange, type SettingChange } from "~/settings/settings-diff";

/** Settings changes as "Base fare: ₱40.00 → ₱45.00" lines, in the page's language (confirm step and history). */
export function useChangeText() {
  const t = useT();
  return (change: SettingChange) =>
    formatChange(change, (key, values) => t(`adminMoney.${key}` as Parameters<typeof t>[0], values));
}

export function ChangeList({ changes, testId }: { changes: SettingChange[]; testId?: string }) {
  const text = useChangeText();
  return (
    <ul className="stack settings-changes" data-testid={testId}>
      {changes.map((change) => (
        <li key={change.path} data-large={change.large ? "true" : undefined}>
          {change.large ? <strong>{text(change)}</strong> : text(change)}
        </li>
      ))}
    </ul>
  );
}

export type VersionSummary = Omit<SettingsVersion, "settings">;

/** "Version 5, Nov 29, 2026, 10:02 AM by Tess Admin" (or by the members' vote on “…”, or by the system), in the page's language. */
export function useVersionText() {
  const t = useT();
  return (version: VersionSummary) => {
    const date = version.createdAt ? formatManilaDateTime(version.createdAt) : "";
    if (version.madeByProposal)
      return t("adminMoney.settings.versionByProposal", {
        version: version.version,
        date,
        title: version.madeByProposal.title,
      });
    if (version.createdBy)
      return t("adminMoney.settings.version", { version: version.version, date, name: version.createdBy.name });
    return t("adminMoney.settings.versionBySystem", { version: version.version, date });
  };
}
