import { DEFAULT_SETTINGS, type CoopSettings, type IncentiveRules, type SettingsVersion } from "./coop-settings";

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
}

const toVersion = (row: VersionRow | null): SettingsVersion =>
  row
    ? {
        version: row.id,
        settings: { ...DEFAULT_SETTINGS, ...(JSON.parse(row.settings) as CoopSettings) },
        createdAt: new Date(row.created_at).toISOString(),
        createdBy: row.created_by ? { id: row.created_by, name: [row.first_name, row.last_name].filter(Boolean).join(" ") || "Admin" } : null,
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
