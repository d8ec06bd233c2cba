import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { decode } from "turbo-stream";
import { describe, expect, it, vi } from "vitest";
import { closeProposal } from "~/coop/close.server";
import { api, ORIGIN, signedIn } from "./helpers";

/**
 * Decision 0216: while voting is open, nothing that describes a proposal carries its totals or
 * anything they could be read from (a count per choice, a result), to anyone: a member who voted,
 * one who did not, an admin, an admin who voted; in the API's answers, the pages' HTML, the
 * loader data the browser fetches, the notifications or the logs. Once it closes, the same answers
 * carry the same totals to everyone. Own world: the list is read whole.
 */

type Caller = Awaited<ReturnType<typeof signedIn>>;
const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { memberSince: new Date(Date.now() - 86_400_000), riderApprovedAt: new Date(), ...overrides });

/** The totals as the pages, the notifications and the texts write them, in English and Filipino. */
const TOTALS_TEXT = [
  /Yes \d+ · No \d+ · Abstain \d+/,
  /Oo \d+ · Hindi \d+ · Abstain \d+/,
  /\d+ yes, \d+ no, \d+ abstain/i,
  /\d+ oo, \d+ hindi, \d+ abstain/i,
];

/** Where `value` tells the split: a number under a choice's name, a totals or a result that is not null, or the totals written out. */
function totalsIn(value: unknown, path = "$"): string[] {
  if (typeof value === "string") return TOTALS_TEXT.some((pattern) => pattern.test(value)) ? [`${path}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => totalsIn(item, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if (/^(yes|no|abstain)(_?votes)?$/i.test(key) && typeof item === "number") return [`${path}.${key} = ${item}`];
    if ((key === "totals" || key === "result") && item != null) return [`${path}.${key} = ${JSON.stringify(item)}`];
    return totalsIn(item, `${path}.${key}`);
  });
}

async function fetchAs(path: string, cookie: string) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
}

/** The page's HTML, scripts (with the loader data they stream) included. */
async function html(path: string, cookie: string) {
  const response = await fetchAs(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The page's loader data as the browser fetches it on a client navigation (single fetch), decoded. */
async function loaderData(path: string, cookie: string): Promise<Record<string, { data?: Record<string, unknown> }>> {
  const response = await fetchAs(`${path}.data`, cookie);
  expect(response.status, `${path}.data`).toBe(200);
  const { value, done } = await decode(response.body!);
  await done;
  return value as Record<string, { data?: Record<string, unknown> }>;
}

/** Every answer that describes the proposal, as `caller` gets it: name → what it carries. */
async function answersAbout(id: string, caller: Caller) {
  const one = await api(`/api/proposals/${id}`, { cookie: caller.cookie });
  expect(one.status, one.text).toBe(200);
  const list = await api("/api/proposals?limit=100", { cookie: caller.cookie });
  expect(list.status, list.text).toBe(200);
  const listed = (list.json.proposals as { id: string }[]).find((p) => p.id === id);
  expect(listed).toBeDefined();
  const pageData = await loaderData(`/coop/proposals/${id}`, caller.cookie);
  const listData = await loaderData("/coop", caller.cookie);
  const listPage = listData["routes/_app.coop._index"]?.data?.page as { proposals: { id: string }[] } | undefined;
  const listCard = listPage?.proposals.find((p) => p.id === id);
  expect(listCard).toBeDefined();
  const pageHtml = await html(`/coop/proposals/${id}`, caller.cookie);
  const listHtml = await html("/coop", caller.cookie);
  const card = new RegExp(`<li[^>]*data-proposal-id="${id}"[\\s\\S]*?</li>\\s*(?=<li|</ul>)`).exec(listHtml)?.[0];
  expect(card, "the proposal's card on /coop").toBeDefined();
  const told = await api("/api/notifications", { cookie: caller.cookie });
  expect(told.status).toBe(200);
  const notifications = (told.json.notifications as { url: string }[]).filter((n) => n.url === `/coop/proposals/${id}`);
  return {
    "GET /api/proposals/{id}": one.json,
    "GET /api/proposals": listed,
    "/coop/proposals/{id}.data": pageData,
    "/coop.data": listCard,
    "/coop/proposals/{id} HTML": pageHtml,
    "/coop HTML": card,
    "GET /api/notifications": notifications,
  };
}

describe("the totals while voting is open (decision 0216)", () => {
  it("three members vote: no answer that describes the proposal carries its totals to anyone until the close; then every one does", {
    timeout: 60_000,
  }, async () => {
    const said: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation(
          (...args: unknown[]) =>
            void said.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ")),
        ),
    );
    try {
      const [ana, ben] = [await member(), await member()];
      const nonVoter = await member({ language: "fil" });
      const admin = await signedIn("admin");
      const votingAdmin = await signedIn("admin", { memberSince: new Date(Date.now() - 86_400_000) });
      const opened = await api("/api/proposals", {
        cookie: ana.cookie,
        body: {
          kind: "resolution",
          title: "Water dispenser at the hub",
          body: "For the riders' breaks.",
          votingDays: 3,
        },
      });
      expect(opened.status, opened.text).toBe(201);
      const id = opened.json.id as string;
      expect(totalsIn(opened.json)).toEqual([]);
      // Four entitled, so three ballots make quorum and the result is Yes 2 > No 1.
      await env.DB.prepare("UPDATE proposals SET entitled = 4 WHERE id = ?1").bind(id).run();

      // Ana votes with the page's form; Ben and the admin who is a member with the API.
      const form = await SELF.fetch(`${ORIGIN}/coop/proposals/${id}`, {
        method: "POST",
        headers: {
          Cookie: ana.cookie,
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ choice: "yes" }).toString(),
        redirect: "manual",
      });
      expect(form.status).toBe(302);
      expect(totalsIn(decodeURIComponent(form.headers.get("Set-Cookie") ?? "") + (await form.text()))).toEqual([]);
      for (const [caller, choice] of [
        [ben, "yes"],
        [votingAdmin, "no"],
      ] as const) {
        const ballot = await api(`/api/proposals/${id}/ballot`, {
          method: "PUT",
          cookie: caller.cookie,
          body: { choice },
        });
        expect(ballot.status, ballot.text).toBe(200);
        expect(ballot.json).toEqual({ turnout: expect.any(Number), youVoted: true });
      }

      const readers = [
        ["a member who voted", ana, true],
        ["a member who did not vote", nonVoter, false],
        ["an admin", admin, false],
        ["an admin who voted", votingAdmin, true],
      ] as const;
      for (const [who, caller, voted] of readers) {
        const answers = await answersAbout(id, caller);
        for (const [name, answer] of Object.entries(answers)) expect(totalsIn(answer), `${who}: ${name}`).toEqual([]);
        for (const name of ["/coop/proposals/{id} HTML", "/coop HTML"] as const)
          expect(answers[name], `${who}: ${name}`).not.toContain('data-testid="totals"');
        // What one may see while open: the turnout, and whether one voted.
        expect(answers["GET /api/proposals/{id}"], who).toMatchObject({
          open: true,
          turnout: 3,
          entitled: 4,
          youVoted: voted,
          totals: null,
          result: null,
        });
        expect(answers["GET /api/proposals"], who).toMatchObject({ turnout: 3, youVoted: voted, totals: null });
        expect(answers["/coop.data"], who).toMatchObject({ turnout: 3, youVoted: voted, totals: null });
        const shownPage = answers["/coop/proposals/{id} HTML"];
        expect(shownPage, who).toMatch(caller === nonVoter ? /3 sa 4/ : /3 of 4 members have voted/);
        expect(shownPage, who).toContain(
          caller === nonVoter
            ? "Makikita ng lahat ang bilang pagkasara ng botohan."
            : "The totals show to everyone once voting closes.",
        );
      }

      // The voting time is over and the cron has not closed it yet: still nothing.
      await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
        .bind(id, Date.now() - 1000)
        .run();
      for (const [who, caller] of readers) {
        for (const [name, answer] of Object.entries(await answersAbout(id, caller)))
          expect(totalsIn(answer), `${who} after the voting time: ${name}`).toEqual([]);
      }

      // Closed: the same totals in every answer, to everyone.
      const closed = await closeProposal(env.DB, id, Date.now());
      expect(closed).toMatchObject({ closed: true, result: "passed", totals: { yes: 2, no: 1, abstain: 0 } });
      for (const [who, caller] of readers) {
        const answers = await answersAbout(id, caller);
        const totals = { yes: 2, no: 1, abstain: 0 };
        for (const name of ["GET /api/proposals/{id}", "GET /api/proposals", "/coop.data"] as const) {
          expect(answers[name], `${who}: ${name}`).toMatchObject({ open: false, totals, result: "passed" });
        }
        const routeData = answers["/coop/proposals/{id}.data"]["routes/_app.coop.proposals.$id"]?.data as {
          page: { proposal: unknown };
        };
        expect(routeData.page.proposal, who).toMatchObject({ totals, result: "passed" });
        const words = caller === nonVoter ? "Oo 2 · Hindi 1 · Abstain 0" : "Yes 2 · No 1 · Abstain 0";
        expect(answers["/coop/proposals/{id} HTML"], who).toContain(words);
        expect(answers["/coop HTML"], who).toContain(words);
        expect(totalsIn(answers["GET /api/notifications"]).length, `${who}: the result's notification`).toBeGreaterThan(
          0,
        );
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    for (const line of said) expect(totalsIn(line), "a log line").toEqual([]);
  });
});
