import { DEFAULT_SETTINGS, type CoopSettings, type IncentiveRules, type SettingsVersion } from "./coop-settings";
import { settingsChanges, type SettingChange } from "./settings-diff";

/**
 * The co-op's settings, versioned (migration 0121): the newest row of coop_settings_versions is in
 * force; with none, the built-in first version (version 0). Reads are one primary-key lookup.
 */
interface VersionRow {
  id: number;
  settings: string;
  created_at: number;
  created_by: string | null;
  first_name?: string | null;
  last_name?: string | null;
  proposal_id?: string | null;
  proposal_title?: string | null;
}

const toVersion = (row: VersionRow | null): SettingsVersion =>
  row
    ? {
        version: row.id,
        settings: { ...DEFAULT_SETTINGS, ...(JSON.parse(row.settings) as CoopSettings) },
        createdAt: new Date(row.created_at).toISOString(),
        createdBy: row.created_by ? { id: row.created_by, name: [row.first_name, row.last_name].filter(Boolean).join(" ") || "Admin" } : null,
        // The proposal's title is read only by the history and the save (not by every quote's lookup).
        madeByProposal: row.proposal_id ? { id: row.proposal_id, title: row.proposal_title ?? "" } : null,
      }
    : { version: 0, settings: DEFAULT_SETTINGS, createdAt: null, createdBy: null };

/** The version in force at `at` (the newest made at or before it). */
export async function settingsInForce(d1: D1Database, at = Date.now()): Promise<SettingsVersion> {
  const row = await d1
    .prepare(
      `SELECT v.*, u.first_name, u.last_name FROM coop_settings_versions AS v LEFT JOIN users AS u ON u.id = v.created_by
       WHERE v.created_at <= ?1 ORDER BY v.id DESC LIMIT 1`,
    )
    .bind(at)
    .first<VersionRow>();
  return toVersion(row);
}

export async function incentiveRulesInForce(d1: D1Database, at = Date.now()): Promise<IncentiveRules> {
  return (await settingsInForce(d1, at)).settings.incentives;
}

/** The settings a booking was priced with (its stored version; null or 0: the built-in first version). */
export async function settingsOfVersion(d1: D1Database, version: number | null): Promise<CoopSettings> {
  if (!version) return DEFAULT_SETTINGS;
  const row = await d1.prepare("SELECT * FROM coop_settings_versions WHERE id = ?1").bind(version).first<VersionRow>();
  return toVersion(row).settings;
}

/** Stores a new version (in force from now) and answers it. */
export async function saveSettings(d1: D1Database, admin: { id: string }, settings: CoopSettings, now = Date.now()): Promise<SettingsVersion> {
  const row = await d1
    .prepare("INSERT INTO coop_settings_versions (settings, created_at, created_by) VALUES (?1, ?2, ?3) RETURNING id")
    .bind(JSON.stringify(settings), now, admin.id)
    .first<{ id: number }>();
  const saved = await d1
    .prepare("SELECT v.*, u.first_name, u.last_name, p.title AS proposal_title FROM coop_settings_versions AS v LEFT JOIN users AS u ON u.id = v.created_by LEFT JOIN proposals AS p ON p.id = v.proposal_id WHERE v.id = ?1")
    .bind(row!.id)
    .first<VersionRow>();
  return toVersion(saved);
}

/**
 * The newest versions, newest first: who changed the settings, when, and what (issue 27: each
 * version's changes from the one before it, computed from the stored versions).
 */
export async function settingsHistory(d1: D1Database, limit = 20): Promise<(Omit<SettingsVersion, "settings"> & { changes: SettingChange[] })[]> {
  const { results } = await d1
    .prepare(
      `SELECT v.*, u.first_name, u.last_name, p.title AS proposal_title FROM coop_settings_versions AS v
       LEFT JOIN users AS u ON u.id = v.created_by LEFT JOIN proposals AS p ON p.id = v.proposal_id ORDER BY v.id DESC LIMIT ?1`,
    )
    .bind(limit + 1)
    .all<VersionRow>();
  const versions = results.map(toVersion);
  return versions.slice(0, limit).map((version, i) => {
    // The oldest stored version changed the built-in first one.
    const previous = versions[i + 1]?.settings ?? DEFAULT_SETTINGS;
    const { settings, ...rest } = version;
    return { ...rest, changes: settingsChanges(previous, settings) };
  });
}
