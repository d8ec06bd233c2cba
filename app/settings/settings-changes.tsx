import { useT } from "~/i18n/i18n";
import { formatChange, type SettingChange } from "./settings-diff";

/** Settings changes as "Base fare: ₱40.00 → ₱45.00" lines, in the page's language (confirm step and history). */
export function useChangeText() {
  const t = useT();
  return (change: SettingChange) => formatChange(change, (key, values) => t(`adminMoney.${key}` as Parameters<typeof t>[0], values));
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
