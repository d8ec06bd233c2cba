import { openVotesOnSettings, type OpenVoteOnSettings } from "~/coop/proposals.server";
import { applyLeafChanges, describeLeafChanges, leafChanges } from "~/coop/settings-proposal";
import type { CoopSettings, SettingsVersion } from "./coop-settings";
import { settingsChanges, type SettingChange } from "./settings-diff";
import { settingsFromBody, type SettingsSaveBody } from "./settings-schema";
import { changesSince, newestSettings, saveSettings, type SettingsConflict } from "./settings.server";

/**
 * A settings save, as `PUT /api/admin/settings` and /admin/settings' action make it (decision
 * 0201). The body names the version it was read from (`baseVersion`); while that is still the
 * newest, the changes are reviewed, a price moved by more than 50% asks again, and the
 * save is stored only if no other version came in meanwhile (one conditional INSERT). Otherwise
 * nothing is stored and the answer says what changed since, and who changed it.
 */
export type SettingsSave =
  | {
      outcome: "changedSince";
      conflict: SettingsConflict;
      /** The newest settings with the caller's own changes (from their base) set on them: the page's form shows these. */
      rebased: CoopSettings;
      /** Settings both the caller and a version since changed: the newest value → the caller's. */
      both: SettingChange[];
    }
  | { outcome: "review"; changes: SettingChange[]; openVotes: OpenVoteOnSettings[] }
  | { outcome: "large"; large: SettingChange[]; openVotes: OpenVoteOnSettings[] }
  | { outcome: "saved"; version: SettingsVersion; openVotes: OpenVoteOnSettings[] };

/**
 * `step`: "review" answers the changes only; "confirm" saves unless a price moves by more than
 * 50%; "large" saves. `reviewUnchanged`: a confirm that changes nothing answers the review (the
 * page) instead of storing an identical version (the API, as it always did).
 */
export async function saveSettingsChange(
  d1: D1Database,
  admin: { id: string },
  body: SettingsSaveBody,
  step: "review" | "confirm" | "large",
  options: { reviewUnchanged: boolean },
): Promise<SettingsSave> {
  const current = await newestSettings(d1);
  if (current.version !== body.baseVersion) return changedSince(d1, body);
  const next = settingsFromBody(body, current.settings);
  const changes = settingsChanges(current.settings, next);
  const openVotes = () => openVotesOnSettings(d1, leafChanges(current.settings, next));
  if (step === "review" || (options.reviewUnchanged && changes.length === 0))
    return { outcome: "review", changes, openVotes: await openVotes() };
  const large = changes.filter((change) => change.large);
  if (step === "confirm" && large.length > 0) return { outcome: "large", large, openVotes: await openVotes() };
  const saved = await saveSettings(d1, admin, next, body.baseVersion);
  if (!saved) return changedSince(d1, body);
  return { outcome: "saved", version: saved, openVotes: await openVotes() };
}

async function changedSince(d1: D1Database, body: SettingsSaveBody): Promise<SettingsSave> {
  const conflict = await changesSince(d1, body.baseVersion);
  const { baseSettings, newest } = conflict;
  if (!baseSettings)
    return { outcome: "changedSince", conflict, rebased: settingsFromBody(body, newest.settings), both: [] };
  const yours = leafChanges(baseSettings, settingsFromBody(body, baseSettings));
  const theirs = leafChanges(baseSettings, newest.settings).map((leaf) => leaf.path.join("."));
  const both = yours.filter((leaf) => theirs.includes(leaf.path.join(".")));
  return {
    outcome: "changedSince",
    conflict,
    rebased: applyLeafChanges(newest.settings, yours),
    both: describeLeafChanges(both.map((leaf) => ({ ...leaf, before: valueAt(newest.settings, leaf.path) }))),
  };
}

const valueAt = (settings: CoopSettings, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    settings,
  );
