/** Where a field sits in the settings: `["rateCard", "baseFare"]`, `["promoCodes", 0, "code"]`. */
export type Path = (string | number)[];
/** A field's name as conform reads it: `rateCard.baseFare`, `promoCodes[0].code`. */
export const nameOf = (path: Path) =>
  path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    "",
  );

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}
