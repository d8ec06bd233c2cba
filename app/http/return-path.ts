/** Any origin of ours: only a same-site path resolves to it. */
const HERE = "https://here.invalid";

/**
 * A path of this site to send a person to after a form (the language switch, Mark all as read,
 * sign-in's `redirectTo`); anything else (another host, `//x`, `/\x`, `/<tab>/x`, which browsers
 * read as `//x`) is `fallback`. Parsed the way a browser reads a Location header, so what passes
 * here cannot leave the site there.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//x` is this site's `//x` path, but written back as `//x` it would name another host.
  return url.origin === HERE && !path.startsWith("//") ? path : fallback;
}
