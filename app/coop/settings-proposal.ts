import type { CoopSettings } from "~/settings/coop-settings";
import { settingsChanges, type SettingChange } from "~/settings/settings-diff";

/**
 * A settings proposal's payload: the changed values only (money in centavos), each with the value it
 * replaces when the proposal opened. At the close, a passed proposal applies them to the settings
 * then in force, so a change an admin made meanwhile to another field is kept. Pure.
 *
 * A leaf is what a person changes as one value: a number, flag or text, and a list (a tier list,
 * the peak windows, a window's days) as a whole; a promo code is walked into, and one added or
 * removed is one leaf.
 */
export interface LeafChange {
  path: string[];
  /** Absent: the leaf did not exist (a promo code added). */
  before?: unknown;
  /** Absent: the leaf is removed (a promo code removed). */
  after?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The leaves that differ from `before` to `after`. */
export function leafChanges(
  before: unknown,
  after: unknown,
  path: string[] = [],
  out: LeafChange[] = [],
): LeafChange[] {
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      leafChanges(before[key], after[key], [...path, key], out);
    return out;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return out;
  const change: LeafChange = { path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  out.push(change);
  return out;
}

/** `settings` with the changes' after-values set (a change without one removes its leaf). */
export function applyLeafChanges(settings: CoopSettings, changes: LeafChange[]): CoopSettings {
  const next = structuredClone(settings) as unknown as Record<string, unknown>;
  for (const change of changes) {
    let node = next;
    for (const key of change.path.slice(0, -1)) {
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const leaf = change.path[change.path.length - 1]!;
    if ("after" in change) node[leaf] = structuredClone(change.after);
    else delete node[leaf];
  }
  return next as unknown as CoopSettings;
}

/** Sparse settings holding only the changed leaves, before or after. */
function sparse(changes: LeafChange[], side: "before" | "after"): CoopSettings {
  const root: Record<string, unknown> = {};
  for (const change of changes) {
    if (!(side in change)) continue;
    let node = root;
    for (const key of change.path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[change.path[change.path.length - 1]!] = change[side];
  }
  return root as unknown as CoopSettings;
}

/** The changes as the settings page shows them (labels, before → after; app/settings/settings-diff.ts). */
export const describeLeafChanges = (changes: LeafChange[]): SettingChange[] =>
  settingsChanges(sparse(changes, "before"), sparse(changes, "after"));
