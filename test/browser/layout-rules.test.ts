import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layout a newcomer relies on (README, "Where things are"; decision 0220): a page's folder is
 * found from its URL alone, and a module only one page uses sits in that page's folder. Checked on
 * the files themselves, so it runs with the browser tests (Node's file system, not workerd).
 */
const ROOT = path.resolve(__dirname, "../..");
const ROUTES = path.join(ROOT, "app/routes");

const pageFolders = readdirSync(ROUTES).filter((name) => statSync(path.join(ROUTES, name)).isDirectory());

/** The URL pattern Remix's flat routes give a folder: `.` is `/`, `_app` and `_index` add nothing, a trailing `_` opts out of nesting. */
function urlPattern(folder: string): string {
  const segments = folder
    .split(".")
    .filter((segment) => segment !== "_app" && segment !== "_index")
    .map((segment) => segment.replace(/_$/, ""));
  return `/${segments.join("/")}`;
}

const matches = (pattern: string, url: string) =>
  new RegExp(`^${pattern.replace(/\$[A-Za-z]+/g, "[^/]+").replace(/^\/\$$/, "/.*")}$`).test(url);

/** The README's rule, as a newcomer applies it: `/` becomes `.`, then look for the signed-in, admin or public name. */
function folderByTheReadme(url: string): string | undefined {
  const dotted = url.replace(/^\//, "").split("/").join(".");
  const candidates = dotted === "" ? ["_app._index"] : [`_app.${dotted}`, `_app.${dotted}._index`, dotted];
  if (url.startsWith("/admin/")) candidates.unshift(`_app.admin_.${dotted.slice("admin.".length)}`);
  const byName = candidates.find((name) => pageFolders.includes(name));
  if (byName) return byName;
  // A segment that is an id: the folder says `$name` where the URL has the value.
  return pageFolders.find(
    (folder) =>
      folder !== "$" &&
      matches(urlPattern(folder), url) &&
      candidates.some((c) => c.split(".").length === folder.split(".").length),
  );
}

/** The folders that serve a URL: as in Remix, a static segment wins over a `$param`. */
function servedBy(url: string): string[] {
  const all = pageFolders.filter((folder) => folder !== "$" && folder !== "_app" && matches(urlPattern(folder), url));
  const fewestParams = Math.min(...all.map((folder) => folder.split("$").length));
  return all.filter((folder) => folder.split("$").length === fewestParams);
}

/** One URL per page, as people type or follow them. */
const URLS = [
  "/",
  "/booking",
  "/settings",
  "/tracking",
  "/tracking/42",
  "/rider-dashboard",
  "/rider/earnings",
  "/rider/history",
  "/rider/jobs/42",
  "/coop",
  "/coop/claims",
  "/coop/fund",
  "/coop/proposals/new",
  "/coop/proposals/7",
  "/admin",
  "/admin/riders",
  "/admin/cashouts",
  "/admin/claims",
  "/admin/id-discounts",
  "/admin/partners",
  "/admin/reports",
  "/admin/settings",
  "/admin/setup",
  "/sign-in",
  "/auth/email-verify",
  "/become-rider",
  "/help",
  "/privacy",
  "/terms",
  "/t/abc123",
  "/language",
  "/logout",
  "/notifications/read",
  "/dev/pay/9",
  "/dev/payouts",
  "/dev/proposals",
];

describe("a page's folder is found from its URL alone", () => {
  it("every URL leads to exactly one folder, the one the README's rule names", () => {
    for (const url of URLS) {
      const served = servedBy(url);
      expect(served, url).toHaveLength(1);
      expect(folderByTheReadme(url), url).toBe(served[0]);
    }
  });

  it("every page folder is on the list (a new page adds its URL here) and holds its route.tsx", () => {
    const listed = new Set(URLS.flatMap(servedBy));
    expect(pageFolders.filter((folder) => !["$", "_app"].includes(folder) && !listed.has(folder))).toEqual([]);
    for (const folder of pageFolders) expect(readdirSync(path.join(ROUTES, folder)), folder).toContain("route.tsx");
  });

  it("/api endpoints are single files, named by their path", () => {
    const apiFiles = readdirSync(ROUTES).filter((name) => name.startsWith("api."));
    expect(apiFiles.length).toBeGreaterThan(50);
    for (const name of apiFiles) expect(statSync(path.join(ROUTES, name)).isFile(), name).toBe(true);
  });
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

describe("a module only one page uses sits beside that page", () => {
  it("no module outside app/routes is imported by one page folder and nothing else", () => {
    const sources = [...filesUnder(path.join(ROOT, "app")), ...filesUnder(path.join(ROOT, "workers"))].filter(
      (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const importers = new Map<string, Set<string>>();
    for (const file of sources) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        const target = specifier && resolveImport(file, specifier);
        if (!target) continue;
        const rel = path.relative(ROUTES, file);
        const user = rel.startsWith("..") ? path.relative(ROOT, file) : `page:${rel.split(path.sep)[0]}`;
        if (!importers.has(target)) importers.set(target, new Set());
        importers.get(target)?.add(user);
      }
    }
    // Who uses a module in the end: pages through any chain of shared modules.
    const usersOf = (module: string, seen = new Set<string>()): Set<string> => {
      const out = new Set<string>();
      for (const user of importers.get(module) ?? []) {
        if (user.startsWith("page:") || !user.startsWith("app/") || /^app\/(root|entry)/.test(user)) out.add(user);
        else if (!seen.has(user)) {
          seen.add(user);
          for (const u of usersOf(path.join(ROOT, user), seen)) out.add(u);
        }
      }
      return out;
    };
    const strays = sources
      .filter((file) => path.relative(ROUTES, file).startsWith(".."))
      .filter((file) => {
        const users = [...usersOf(file)];
        return users.length === 1 && users[0]?.startsWith("page:") && !users[0].startsWith("page:api.");
      })
      .map((file) => path.relative(ROOT, file));
    expect(strays).toEqual([]);
  });
});
