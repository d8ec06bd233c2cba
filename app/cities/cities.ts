import { CITY_GROUPS, type CityGroupName } from "./city-names.data";

/**
 * The city picker's list and the check that a value is one of ours (PRODUCT.md: a city value is
 * "{city}, {province}" exactly as in the data; anything else is refused). Names only: the centre
 * points stay on the server (`cities.server.ts`). Imported only by the booking page and schema,
 * so other pages do not download the list.
 */
export { CITY_GROUPS, CITY_GROUP_NAMES, type CityGroupName } from "./city-names.data";

let cityValues: Set<string> | undefined;
export function isCityValue(value: string): boolean {
  cityValues ??= new Set(CITY_GROUPS.flatMap((g) => g.values));
  return cityValues.has(value);
}

/** Lower case, accents dropped ("Las Piñas" matches "las pinas"), punctuation as spaces. */
export function normaliseForSearch(text: string): string {
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
  index ??= CITY_GROUPS.flatMap((g) => g.values.map((value) => ({ group: g.group, value, key: ` ${normaliseForSearch(value)}` })));
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

let byName: Map<string, string[]> | undefined;

/**
 * A city typed as text (a form without a picker, an older client): its value when the text is one
 * ("Cebu City, Cebu"), or names exactly one place ("cebu city", "Las Pinas"); the places it could
 * be when several share the name ("San Jose"); nothing when no place has it.
 */
export function resolveCity(text: string): { value: string } | { candidates: string[] } {
  const typed = text.trim();
  if (isCityValue(typed)) return { value: typed };
  byName ??= CITY_GROUPS.flatMap((g) => g.values).reduce((names, value) => {
    for (const key of [normaliseForSearch(value), normaliseForSearch(value.slice(0, value.lastIndexOf(",")))]) {
      names.set(key, [...(names.get(key) ?? []), value]);
    }
    return names;
  }, new Map<string, string[]>());
  const candidates = [...new Set(byName.get(normaliseForSearch(typed)) ?? [])];
  return candidates.length === 1 ? { value: candidates[0]! } : { candidates };
}
