/** `{name}`s in a template replaced by `values` (unknown names kept as written), for plain-text templates such as the help centre's. */
export const fillIn = (template: string, values: Record<string, string>) =>
  template.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => values[name] ?? whole);
