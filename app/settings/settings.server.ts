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
        createdBy: row.created_by
          ? { id: row.created_by, name: [row.first_name, row.last_name].filter(Boolean).join(" ") || "Admin" }
          : null,
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

/**
 * The newest version by id, whatever its time: what a save and a vote's close build on and compare
 * with (decision 0219). Made with `created_at` = now, it is the version in force.
 */
export async function newestSettings(d1: D1Database): Promise<SettingsVersion> {
  const row = await d1
    .prepare(
      "SELECT v.*, u.first_name, u.last_name FROM coop_settings_versions AS v LEFT JOIN users AS u ON u.id = v.created_by ORDER BY v.id DESC LIMIT 1",
    )
    .first<VersionRow>();
  return toVersion(row);
}

/**
 * The newest version's id in SQL (0: the built-in first version), for the guards of a save and of
 * a vote's close: each writes its version only while this is still the one it built on.
 */
export const NEWEST_VERSION_SQL = "coalesce((SELECT max(id) FROM coop_settings_versions), 0)";

/**
 * Stores a new version (in force from now) built on `baseVersion`, and answers it; null, storing
 * nothing, when another version came in between (an admin's save or the members' vote): the
 * caller answers 409 with what changed since (decision 0219).
 */
export async function saveSettings(
  d1: D1Database,
  admin: { id: string },
  settings: CoopSettings,
  baseVersion: number,
  now = Date.now(),
): Promise<SettingsVersion | null> {
  const row = await d1
    .prepare(
      `INSERT INTO coop_settings_versions (settings, created_at, created_by) SELECT ?1, ?2, ?3 WHERE ${NEWEST_VERSION_SQL} = ?4 RETURNING id`,
    )
    .bind(JSON.stringify(settings), now, admin.id, baseVersion)
    .first<{ id: number }>();
  if (!row) return null;
  const saved = await d1
    .prepare(
      "SELECT v.*, u.first_name, u.last_name, p.title AS proposal_title FROM coop_settings_versions AS v LEFT JOIN users AS u ON u.id = v.created_by LEFT JOIN proposals AS p ON p.id = v.proposal_id WHERE v.id = ?1",
    )
    .bind(row.id)
    .first<VersionRow>();
  return toVersion(saved);
}

/** A save built on a version that is no longer the newest: what came in between. */
export interface SettingsConflict {
  /** The version the save was built on. */
  base: number;
  /** Its settings; null when `base` is no version at all. */
  baseSettings: CoopSettings | null;
  newest: SettingsVersion;
  /** Every setting that changed from `base` to the newest, before → after (empty when `base` is no version). */
  changes: SettingChange[];
  /** The versions made since `base`, oldest first (at most 20), with who made each. */
  versions: Omit<SettingsVersion, "settings">[];
}

/** What changed since `base`, for a save built on it that found another version newer. */
export async function changesSince(d1: D1Database, base: number): Promise<SettingsConflict> {
  const newest = await newestSettings(d1);
  const known =
    base === 0 ||
    (base < newest.version &&
      (await d1.prepare("SELECT 1 AS found FROM coop_settings_versions WHERE id = ?1").bind(base).first()) !== null);
  const baseSettings = known ? await settingsOfVersion(d1, base) : null;
  const { results } = await d1
    .prepare(
      `SELECT v.*, u.first_name, u.last_name, p.title AS proposal_title FROM coop_settings_versions AS v
       LEFT JOIN users AS u ON u.id = v.created_by LEFT JOIN proposals AS p ON p.id = v.proposal_id WHERE v.id > ?1 ORDER BY v.id LIMIT 20`,
    )
    .bind(known ? base : newest.version)
    .all<VersionRow>();
  return {
    base,
    baseSettings,
    newest,
    changes: baseSettings ? settingsChanges(baseSettings, newest.settings) : [],
    versions: results.map(toVersion).map(({ settings: _settings, ...version }) => version),
  };
}

/**
 * The newest versions, newest first: who changed the settings, when, and what (each
 * version's changes from the one before it, computed from the stored versions).
 */
export async function settingsHistory(
  d1: D1Database,
  limit = 20,
): Promise<(Omit<SettingsVersion, "settings"> & { changes: SettingChange[] })[]> {
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
