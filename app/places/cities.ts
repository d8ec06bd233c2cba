import { CITY_GROUPS, type CityGroupName } from "./city-names.data";

/**
 * The city picker's list and the check that a value is one of ours (docs/guide/README.md: a city value is
 * "{city}, {province}" exactly as in the data; anything else is refused). Names only: the centre
 * points stay on the server (`cities.server.ts`). Imported only by the booking page and schema,
 * so other pages do not download the list.
 */
export { CITY_GROUPS } from "./city-names.data";

let cityValues: Set<string> | undefined;
export function isCityValue(value: string): boolean {
  cityValues ??= new Set(CITY_GROUPS.flatMap((g) => g.values));
  return cityValues.has(value);
}

/** Lower case, accents dropped ("Las Piñas" matches "las pinas"), punctuation as spaces. */
function normaliseForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export interface CityMatchGroup {
  group: CityGroupName;
  values: string[];
}

let index: { group: CityGroupName; value: string; key: string }[] | undefined;

/**
 * Cities matching what was typed: every typed word must start a word of "{city}, {province}".
 * Names that start with the query come first; groups keep their order (Metro Manila, Luzon,
 * Visayas, Mindanao) and names their alphabetical order. At most `limit` names in all.
 */
export function searchCities(query: string, limit = 50): { groups: CityMatchGroup[]; total: number } {
  index ??= CITY_GROUPS.flatMap((g) =>
    g.values.map((value) => ({ group: g.group, value, key: ` ${normaliseForSearch(value)}` })),
  );
  const q = normaliseForSearch(query);
  const words = q.split(" ").filter(Boolean);
  const matches = index.filter((entry) => words.every((w) => entry.key.includes(` ${w}`)));
  const starts = q ? matches.filter((m) => m.key.startsWith(` ${q}`)) : [];
  const ordered = [...starts, ...matches.filter((m) => !starts.includes(m))];
  const limited = ordered.slice(0, limit);
  const groups: CityMatchGroup[] = [];
  for (const group of CITY_GROUPS.map((g) => g.group)) {
    const values = limited.filter((m) => m.group === group).map((m) => m.value);
    if (values.length > 0) groups.push({ group, values });
  }
  return { groups, total: matches.length };
}

/**
 * The one city `text` names, or null: a value of the list; a name typed alone ("makati", "las
 * pinas") when exactly one city or municipality has it (with or without its "City": "calamba"
 * names both Calamba City, Laguna and Calamba, Misamis Occidental, so neither); or text that
 * matches one place only. How the picker settles a field that is left, and how the server reads
 * a city typed without the list (no JavaScript).
 */
export function cityNamedBy(text: string): string | null {
  const typed = text.trim();
  if (typed === "") return null;
  if (isCityValue(typed)) return typed;
  const wanted = normaliseForSearch(typed);
  const found = searchCities(typed, 50);
  const candidates = found.groups.flatMap((group) => group.values);
  // "calamba" is also the start of "Calamba City": a name typed without its "City" names both.
  const names = wanted.endsWith(" city") ? [wanted] : [wanted, `${wanted} city`];
  const named = candidates.filter(
    (option) => normaliseForSearch(option) === wanted || names.includes(normaliseForSearch(option.split(",")[0]!)),
  );
  if (named.length === 1) return named[0]!;
  if (named.length === 0 && found.total === 1) return candidates[0]!;
  return null;
}

/**
 * The places to choose from when `text` names no one city (the list shown under the field with
 * "… must be chosen from the list"): those that match it, or, when none does (a typo: "Calambaa"),
 * those that match it with its last letters dropped. At most `limit`.
 */
export function cityChoices(text: string, limit = 8): { choices: string[]; total: number } {
  let typed = normaliseForSearch(text);
  while (typed.length > 0) {
    const found = searchCities(typed, limit);
    if (found.total > 0) return { choices: found.groups.flatMap((group) => group.values), total: found.total };
    typed = typed.slice(0, -1).trim();
  }
  return { choices: [], total: 0 };
}
