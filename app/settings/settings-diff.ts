import type { CoopSettings } from "./coop-settings";
import { formatPesos } from "~/money/money";

/**
 * What a settings change changes (docs/guide/money.md#settings-versions): every leaf of the
 * settings that differs between two versions, labelled for people, with its before and after.
 * Shared by the confirm step of /admin/settings, the API's >50% rule and the history. Pure.
 */
export type ChangeValue =
  | { kind: "pesos"; centavos: number }
  | { kind: "number"; value: number }
  | { kind: "percent"; value: number }
  | { kind: "flag"; value: boolean }
  | { kind: "text"; value: string }
  /** Weekdays, 0 = Sunday (peak windows). */
  | { kind: "days"; value: number[] }
  | { kind: "absent" };

/** A label part: a key of the adminMoney catalog (`settings.change.*`) with its values, or raw text. */
type LabelPart = { key: string; values?: Record<string, string> } | { text: string };

export interface SettingChange {
  /** The field's path, e.g. "rateCard.baseFare" or "promoCodes.NEWCOOP.amount". */
  path: string;
  label: LabelPart[];
  before: ChangeValue;
  after: ChangeValue;
  /** A price (pesos) that moves by more than half of what it was: asks to be confirmed again. */
  large: boolean;
}

/** A price that changes by more than this fraction of its old value needs a second confirmation. */
const LARGE_CHANGE_FRACTION = 0.5;

const PESOS_LEAVES = new Set([
  "baseFare",
  "perKm",
  "small",
  "medium",
  "large",
  "assigned",
  "riderArrived",
  "amount",
  "minimumFare",
]);

function labelOf(path: string[]): { label: LabelPart[]; money: boolean; percent: boolean } {
  const [top, a, b, c] = path;
  const key = (k: string, values?: Record<string, string>): LabelPart => ({
    key: `settings.change.${k}`,
    ...(values ? { values } : {}),
  });
  if (top === "rateCard" && a === "sizeFees" && b) return { label: [key(`size.${b}`)], money: true, percent: false };
  if (top === "rateCard" && a) return { label: [key(a)], money: a !== "includedKm", percent: false };
  if (top === "cancellationFees" && a) return { label: [key(`fee.${a}`)], money: true, percent: false };
  if (top === "idDiscountPercents" && a) return { label: [key(`discount.${a}`)], money: false, percent: true };
  if (top === "incentives" && (a === "dailyTiers" || a === "weeklyTiers") && b !== undefined && c) {
    return {
      label: [
        key(a === "dailyTiers" ? "perDay" : "perWeek"),
        key(c === "amount" ? "tierAmount" : "tierDeliveries", { tier: String(Number(b) + 1) }),
      ],
      money: c === "amount",
      percent: false,
    };
  }
  if (top === "incentives" && a === "dailyRatingBonus" && b)
    return { label: [key(b === "amount" ? "ratingAmount" : "ratingMin")], money: b === "amount", percent: false };
  if (top === "incentives" && a === "weeklyTop" && b)
    return { label: [key(b === "amount" ? "topAmount" : "topCount")], money: b === "amount", percent: false };
  if (top === "promoCodes" && a) {
    const promo = key("promo", { code: a });
    if (!b) return { label: [promo], money: false, percent: false };
    return { label: [promo, key(`promo.${b}`)], money: PESOS_LEAVES.has(b), percent: false };
  }
  if (top === "contacts" && a) return { label: [key(`contact.${a}`)], money: false, percent: false };
  if (top === "claimApprovalLimit") return { label: [key("claimApprovalLimit")], money: true, percent: false };
  if (top === "maxDistanceKm") return { label: [key("maxDistanceKm")], money: false, percent: false };
  if (top === "peakHours" && a === "windows" && b !== undefined) {
    const window = key("peakWindow", { n: String(Number(b) + 1) });
    return { label: c ? [window, key(`peak.${c}`)] : [window], money: c === "surcharge", percent: false };
  }
  // A setting this module does not know yet: its path as it is.
  return { label: [{ text: path.join(".") }], money: false, percent: false };
}

function valueOf(value: unknown, money: boolean, percent: boolean): ChangeValue {
  if (value === undefined || value === null || value === "") return { kind: "absent" };
  if (typeof value === "number")
    return money
      ? { kind: "pesos", centavos: value }
      : percent
        ? { kind: "percent", value }
        : { kind: "number", value };
  if (typeof value === "boolean") return { kind: "flag", value };
  if (typeof value === "string") return { kind: "text", value };
  if (Array.isArray(value) && value.every((v) => typeof v === "number"))
    return { kind: "days", value: value as number[] };
  return { kind: "text", value: JSON.stringify(value) };
}

/** Objects are walked into; a list of plain values (a window's days) is one value. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !(Array.isArray(value) && value.every((v) => typeof v !== "object"));

function walk(before: unknown, after: unknown, path: string[], out: SettingChange[]) {
  // A whole promo code added or removed reads as one change.
  const wholePromo = path.length === 2 && path[0] === "promoCodes" && (before === undefined || after === undefined);
  if (!wholePromo && (isRecord(before) || isRecord(after))) {
    const keys = new Set([
      ...Object.keys(isRecord(before) ? before : {}),
      ...Object.keys(isRecord(after) ? after : {}),
    ]);
    for (const k of keys)
      walk(isRecord(before) ? before[k] : undefined, isRecord(after) ? after[k] : undefined, [...path, k], out);
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const { label, money, percent } = labelOf(path);
  if (wholePromo) {
    const amount = (v: unknown) =>
      isRecord(v) && typeof v.amount === "number"
        ? { kind: "pesos" as const, centavos: v.amount }
        : { kind: "absent" as const };
    out.push({ path: path.join("."), label, before: amount(before), after: amount(after), large: false });
    return;
  }
  const from = valueOf(before, money, percent);
  const to = valueOf(after, money, percent);
  const large =
    from.kind === "pesos" &&
    to.kind === "pesos" &&
    (from.centavos === 0
      ? to.centavos > 0
      : Math.abs(to.centavos - from.centavos) > LARGE_CHANGE_FRACTION * from.centavos);
  out.push({ path: path.join("."), label, before: from, after: to, large });
}

/** The changes from `before` to `after`, in the settings' own order. */
export function settingsChanges(before: CoopSettings, after: CoopSettings): SettingChange[] {
  const out: SettingChange[] = [];
  walk(before, after, [], out);
  return out;
}

/** A value as a change line shows it; `t` turns the few words (on, off, none) into the reader's language. */
export function formatChangeValue(value: ChangeValue, t: (key: string) => string): string {
  switch (value.kind) {
    case "pesos":
      return formatPesos(value.centavos);
    case "percent":
      return `${value.value}%`;
    case "number":
      return String(value.value);
    case "flag":
      return t(value.value ? "settings.change.on" : "settings.change.off");
    case "text":
      return value.value;
    case "days":
      return value.value.map((day) => t(`settings.change.weekday.${day}`)).join(", ");
    case "absent":
      return t("settings.change.none");
  }
}

/** "Promo NEWCOOP · active" in the reader's language (`t` resolves adminMoney keys). */
const changeLabel = (
  change: Pick<SettingChange, "label">,
  t: (key: string, values?: Record<string, string>) => string,
): string => change.label.map((part) => ("text" in part ? part.text : t(part.key, part.values))).join(" · ");

/** "Base fare: ₱40.00 → ₱45.00" in the reader's language (`t` resolves adminMoney keys). */
export function formatChange(
  change: SettingChange,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  return `${changeLabel(change, t)}: ${formatChangeValue(change.before, t)} → ${formatChangeValue(change.after, t)}`;
}

/** A change as an API answer gives it: `{ field, label, before, after }`, words in the reader's language. */
export function describeChange(change: SettingChange, t: (key: string, values?: Record<string, string>) => string) {
  return {
    field: change.path,
    label: changeLabel(change, t),
    before: formatChangeValue(change.before, t),
    after: formatChangeValue(change.after, t),
  };
}
