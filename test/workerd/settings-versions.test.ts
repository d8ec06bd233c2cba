import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { closeProposal } from "~/coop/close.server";
import { saveSettings, settingsInForce } from "~/settings/settings.server";
import { api, ORIGIN, putSettings, settingsAsFields, settingsVersion, signedIn } from "./helpers";

/**
 * Decision 0219: every settings save names the version it was read from and is refused (409, with
 * what changed since) when another came in between, the members' vote included; a passed vote's
 * close sets its values on the newest version, never on an older one it read. So no accepted
 * change is undone without the person who made it being told, and the version in force is the
 * last one accepted. Own world: it changes the co-op's settings.
 */
type Caller = Awaited<ReturnType<typeof signedIn>>;
type Fields = Record<string, string | string[]>;
type Body = Record<string, any>;

const member = () => signedIn("rider", { memberSince: new Date(Date.now() - 86_400_000), riderApprovedAt: new Date() });
const read = async (cookie: string) =>
  (await api("/api/admin/settings", { cookie })).json as { version: number; settings: Body; history: Body[] };
const at = (settings: Body, path: string): unknown => path.split(".").reduce<any>((node, key) => node?.[key], settings);
const set = (settings: Body, path: string, value: unknown): Body => {
  const copy = structuredClone(settings);
  const keys = path.split(".");
  keys.slice(0, -1).reduce<any>((node, key) => node[key], copy)[keys[keys.length - 1]!] = value;
  return copy;
};

/** A settings proposal changing `path` to `value`, voted Yes by its opener alone (1 entitled), its voting time over. */
async function passingVote(path: string, value: number, title: string) {
  const opener = await member();
  const settings = path.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  const opened = await api("/api/proposals", { cookie: opener.cookie, body: { kind: "settings", title, settings } });
  expect(opened.status, opened.text).toBe(201);
  const id = opened.json.id as string;
  await env.DB.prepare("UPDATE proposals SET entitled = 1 WHERE id = ?1").bind(id).run();
  expect(
    (await api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: opener.cookie, body: { choice: "yes" } }))
      .status,
  ).toBe(200);
  const due = () =>
    env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
      .bind(id, Date.now() - 1000)
      .run();
  return { id, due };
}

/** Six admins, each changing a setting of their own by a little (no second confirmation needed). */
const ADMIN_CHANGES: [path: string, change: (value: number) => number][] = [
  ["rateCard.perKm", (v) => v + 1],
  ["cancellationFees.assigned", (v) => v + 5],
  ["cancellationFees.riderArrived", (v) => v + 5],
  ["idDiscountPercents.student", (v) => (v === 12 ? 11 : 12)],
  ["maxDistanceKm", (v) => v - 1],
  ["incentives.weeklyTop.count", (v) => v + 1],
];

async function post(path: string, fields: Fields, cookie: string) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const each of ([] as string[]).concat(value)) form.append(name, each);
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie },
    body: form,
    redirect: "manual",
  });
  return { status: response.status, text: (await response.text()).replace(/<!-- -->/g, "") };
}

const asFields = (settings: Body, version: number) => settingsAsFields(settings, version);

const pesos = (value: number) => `₱${value.toFixed(2)}`;

/**
 * One round: a passing vote on the base fare, a form loaded before its close, then the close racing
 * six admins' saves (each built on the version before the close), then the stale form's save.
 * `save` sends one admin's change and says whether it was accepted (else it must have been told: 409).
 */
async function round(
  n: number,
  save: (admin: Caller, settings: Body, version: number) => Promise<"accepted" | "told">,
) {
  const admins = await Promise.all(ADMIN_CHANGES.map(() => signedIn("admin")));
  const before = await read(admins[0]!.cookie);
  const fare = before.settings.rateCard.baseFare as number;
  const vote = await passingVote("rateCard.baseFare", fare + 5, `Base fare ₱5 higher, round ${n}`);
  const stale = await read(admins[0]!.cookie);
  expect(stale.version).toBe(before.version);
  await vote.due();

  const wanted = ADMIN_CHANGES.map(([path, change]) =>
    set(before.settings, path, change(at(before.settings, path) as number)),
  );
  const [closed, ...outcomes] = await Promise.all([
    closeProposal(env.DB, vote.id),
    ...admins.map((admin, i) => save(admin, wanted[i]!, before.version)),
  ]);
  expect(closed).toMatchObject({ closed: true, result: "passed", settingsVersion: expect.any(Number) });
  const accepted = outcomes.flatMap((outcome, i) => (outcome === "accepted" ? [i] : []));
  // All six were built on the same version: at most one can be accepted; every other was told.
  expect(accepted.length).toBeLessThanOrEqual(1);

  const after = await read(admins[0]!.cookie);
  // The version in force is the last one accepted, and it holds every accepted change: the vote's and the admin's.
  const versions = (
    await env.DB.prepare("SELECT id, created_by, proposal_id FROM coop_settings_versions WHERE id > ?1 ORDER BY id")
      .bind(before.version)
      .all<{ id: number; created_by: string | null; proposal_id: string | null }>()
  ).results;
  expect(versions).toHaveLength(1 + accepted.length);
  expect(after.version).toBe(versions[versions.length - 1]!.id);
  expect(await settingsVersion()).toBe(after.version);
  expect(after.settings.rateCard.baseFare).toBe(fare + 5);
  for (const [i, [path]] of ADMIN_CHANGES.entries()) {
    expect(at(after.settings, path), `${path}: ${accepted.includes(i) ? "accepted" : "told"}`).toBe(
      at(accepted.includes(i) ? wanted[i]! : before.settings, path),
    );
  }
  return { admins, before, stale, after, fare };
}

describe("a vote's close and admins' saves at once", () => {
  it("the API: 3 rounds of a close racing 6 saves, then a save from a form read before the close: each change is in force or its sender was told (409), and the last version accepted is in force", {
    timeout: 180_000,
  }, async () => {
    const apiSave = async (admin: Caller, settings: Body, version: number) => {
      const answer = await putSettings(admin.cookie, { ...settings, baseVersion: version });
      if (answer.status === 200) return "accepted" as const;
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json).toMatchObject({
        code: "server.settings.changedSince",
        needs: "baseVersion",
        version: expect.any(Number),
        field: "baseVersion",
      });
      expect(answer.json.changesSince.length).toBeGreaterThan(0);
      return "told" as const;
    };
    for (let n = 1; n <= 3; n++) {
      const { admins, stale, after, fare } = await round(n, apiSave);
      // A form read before the close, saved after it (it changes the medium size fee and, without knowing it, holds the old base fare).
      const late = await putSettings(admins[1]!.cookie, {
        ...set(stale.settings, "rateCard.sizeFees.medium", (stale.settings.rateCard.sizeFees.medium as number) + 1),
        baseVersion: stale.version,
      });
      expect(late.status, late.text).toBe(409);
      expect(late.json.message).toBe(
        `The settings changed since you loaded them: version ${after.version} is in force now, not version ${stale.version}. Nothing was saved: check what changed, then save again on top of version ${after.version}.`,
      );
      expect(late.json.changesSince).toContainEqual({
        field: "rateCard.baseFare",
        label: "Base fare",
        before: pesos(fare),
        after: pesos(fare + 5),
      });
      expect(late.json.versionsSince.map((v: { version: number }) => v.version)).toContain(after.version);
      expect(
        late.json.versionsSince.some((v: Body) => v.madeByProposal?.title === `Base fare ₱5 higher, round ${n}`),
      ).toBe(true);
      expect(late.json.version).toBe(after.version);
      expect(late.json.settings.rateCard.baseFare).toBe(fare + 5);
      expect((await read(admins[0]!.cookie)).version).toBe(after.version);
    }
  });

  it("the page, without JavaScript: a close racing 6 saves, then a form loaded before the close is refused (409) with what changed, in English and Filipino, and holds the new base fare with the admin's own change", {
    timeout: 120_000,
  }, async () => {
    const pageSave = async (admin: Caller, settings: Body, version: number) => {
      const answer = await post("/admin/settings", { ...asFields(settings, version), intent: "confirm" }, admin.cookie);
      if ([302, 303].includes(answer.status)) return "accepted" as const;
      expect(answer.status, answer.text.slice(0, 300)).toBe(409);
      expect(answer.text).toContain("The settings changed since you opened this page");
      return "told" as const;
    };
    const { admins, stale, after, fare } = await round(1, pageSave);
    const medium = (stale.settings.rateCard.sizeFees.medium as number) + 1;
    const fields = {
      ...asFields(set(stale.settings, "rateCard.sizeFees.medium", medium), stale.version),
      intent: "confirm",
    };
    const late = await post("/admin/settings", fields, admins[1]!.cookie);
    expect(late.status).toBe(409);
    expect(late.text).toContain("The settings changed since you opened this page");
    expect(late.text).toContain(
      `Nothing was saved. Version ${after.version} is in force now; you started from version ${stale.version}.`,
    );
    expect(late.text).toContain(`Base fare: ${pesos(fare)} → ${pesos(fare + 5)}`);
    expect(late.text).toContain(`by the members&#x27; vote on “Base fare ₱5 higher, round 1”`);
    // The form again: the newest settings (the voted fare) with this admin's own change, built on the newest version.
    expect(late.text).toMatch(new RegExp(`name="baseVersion" value="${after.version}"`));
    expect(late.text).toMatch(new RegExp(`name="rateCard.baseFare"[^>]*value="${fare + 5}"`));
    expect(late.text).toMatch(new RegExp(`name="rateCard.sizeFees.medium"[^>]*value="${medium}"`));
    expect((await read(admins[0]!.cookie)).version).toBe(after.version);

    const filipinoAdmin = await signedIn("admin", { language: "fil" });
    const filipino = await post("/admin/settings", fields, filipinoAdmin.cookie);
    expect(filipino.status).toBe(409);
    expect(filipino.text).toContain("Nagbago ang settings mula nang buksan mo ang page na ito");
    expect(filipino.text).toContain(
      `Walang na-save. Version ${after.version} na ang umiiral; nagsimula ka sa version ${stale.version}.`,
    );
    expect(filipino.text).toMatch(
      new RegExp(`${pesos(fare).replace(".", "\\.")} → ${pesos(fare + 5).replace(".", "\\.")}`),
    );

    // Saved again from the form it answered: reviewed (before → after is only the admin's own change), then stored.
    const again = { ...asFields(set(after.settings, "rateCard.sizeFees.medium", medium), after.version) };
    const review = await post("/admin/settings", { ...again, intent: "review" }, admins[1]!.cookie);
    expect(review.status).toBe(200);
    const reviewed = review.text.match(/data-testid="settings-review-changes">(.*?)<\/ul>/)?.[1];
    expect(reviewed).toBe(`<li>Size fee: medium: ${pesos(medium - 1)} → ${pesos(medium)}</li>`);
    const saved = await post("/admin/settings", { ...again, intent: "confirm" }, admins[1]!.cookie);
    expect([302, 303]).toContain(saved.status);
    const final = await read(admins[0]!.cookie);
    expect(final.version).toBe(after.version + 1);
    expect(final.settings.rateCard).toMatchObject({ baseFare: fare + 5, sizeFees: { medium } });
  });

  it("a save that lands between the close's read and its write: the close reads again and builds on it (the admin's change stays)", {
    timeout: 30_000,
  }, async () => {
    const admin = await signedIn("admin");
    const before = await read(admin.cookie);
    const fare = before.settings.rateCard.baseFare as number;
    const vote = await passingVote("rateCard.baseFare", fare + 3, "Base fare ₱3 higher");
    await vote.due();
    const inForce = await settingsInForce(env.DB);
    const changed = { ...inForce.settings, maxDistanceKm: inForce.settings.maxDistanceKm + 2 };
    let saved: number | null = null;
    // The database as the close sees it: an admin's save lands just before the close's batch (once).
    const racing = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            if (saved === null) saved = (await saveSettings(env.DB, admin.user, changed, inForce.version))!.version;
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const closed = await closeProposal(racing, vote.id);
    expect(saved).toBe(before.version + 1);
    expect(closed).toMatchObject({ closed: true, result: "passed", settingsVersion: before.version + 2 });
    const after = await read(admin.cookie);
    expect(after.version).toBe(before.version + 2);
    expect(after.settings.rateCard.baseFare).toBe(fare + 3);
    expect(after.settings.maxDistanceKm).toBe(changed.maxDistanceKm);
  });

  it("the same setting changed by an admin while a vote on it is open: the admin is told when saving, and at the close the members' value replaces theirs", {
    timeout: 30_000,
  }, async () => {
    const admin = await signedIn("admin");
    const before = await read(admin.cookie);
    const fare = before.settings.rateCard.baseFare as number;
    const vote = await passingVote("rateCard.baseFare", fare + 4, "Base fare ₱4 higher");

    // The page's review says so before the save...
    const fields = asFields(set(before.settings, "rateCard.baseFare", fare + 2), before.version);
    const review = await post("/admin/settings", { ...fields, intent: "review" }, admin.cookie);
    expect(review.status).toBe(200);
    expect(review.text).toContain("The members are voting on some of these settings.");
    expect(review.text).toMatch(/“Base fare ₱4 higher”, voting until [^<]+:/);
    expect(review.text).toContain(`Base fare: ${pesos(fare)} → ${pesos(fare + 4)}`);
    // ...and so does the API's answer.
    const saved = await putSettings(admin.cookie, {
      ...set(before.settings, "rateCard.baseFare", fare + 2),
      baseVersion: before.version,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.openVotes).toEqual([
      {
        proposalId: vote.id,
        title: "Base fare ₱4 higher",
        closesAt: expect.any(String),
        changes: [{ field: "rateCard.baseFare", label: "Base fare", before: pesos(fare), after: pesos(fare + 4) }],
      },
    ]);
    // A save that does not touch the voted setting hears nothing of the vote.
    const other = await putSettings(admin.cookie, {
      ...set(saved.json.settings, "maxDistanceKm", (saved.json.settings.maxDistanceKm as number) - 1),
      baseVersion: saved.json.version,
    });
    expect(other.status, other.text).toBe(200);
    expect(other.json.openVotes).toEqual([]);

    await vote.due();
    expect(await closeProposal(env.DB, vote.id)).toMatchObject({ closed: true, result: "passed" });
    const after = await read(admin.cookie);
    expect(after.settings.rateCard.baseFare).toBe(fare + 4);
    expect(after.settings.maxDistanceKm).toBe(other.json.settings.maxDistanceKm);
    expect(after.history[0]).toMatchObject({
      madeByProposal: { id: vote.id },
      changes: [
        expect.objectContaining({
          path: "rateCard.baseFare",
          before: { kind: "pesos", centavos: (fare + 2) * 100 },
          after: { kind: "pesos", centavos: (fare + 4) * 100 },
        }),
      ],
    });
  });

  it("a save without baseVersion is refused (400, in both languages), and one naming no version at all is 409", async () => {
    const admin = await signedIn("admin");
    const current = await read(admin.cookie);
    const missing = await api("/api/admin/settings", { method: "PUT", cookie: admin.cookie, body: current.settings });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "server.settings.baseVersion", field: "baseVersion" });
    const filipino = await api("/api/admin/settings", {
      method: "PUT",
      cookie: admin.cookie,
      body: current.settings,
      headers: { "Accept-Language": "fil" },
    });
    expect(filipino.json.message).toContain("Ipadala ang baseVersion");
    const future = await putSettings(admin.cookie, { ...current.settings, baseVersion: current.version + 1000 });
    expect(future.status).toBe(409);
    expect(future.json).toMatchObject({ needs: "baseVersion", version: current.version, changesSince: [] });
    expect(await settingsVersion()).toBe(current.version);
  });
});
