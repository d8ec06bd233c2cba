import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { sha256Hex } from "~/auth/crypto.server";
import { ballotKey } from "~/coop/ballot-key.server";
import { manilaDate } from "~/i18n/manila";
import { TEXTS_PER_RUN } from "~/coop/proposal-texts.server";
import worker from "../../workers/app";
import { api, signedIn } from "./helpers";

/**
 * Members are told of a proposal by SMS too (docs/guide/coop.md), once each; the ballots keep no
 * arrival order; and nothing the Worker stores or logs ties a member to a choice (decision 0216).
 */

const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { memberSince: new Date(Date.now() - 86_400_000), riderApprovedAt: new Date(), ...overrides });

async function runCron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const textsAbout = async (proposalId: string) =>
  (
    await env.DB.prepare(
      "SELECT recipient, body, status FROM messages WHERE purpose = 'proposal' AND ref = ?1 ORDER BY recipient",
    )
      .bind(proposalId)
      .all<{ recipient: string; body: string; status: string }>()
  ).results;

describe("the SMS of a proposal", () => {
  it("tells each member-owner once that it opened (not its opener), then everyone its result; nobody else", async () => {
    const opener = await member();
    const others = [await member(), await member({ language: "fil" })];
    const notTold = [
      await member({ riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" }),
      await signedIn("rider", { riderApprovedAt: new Date() }),
      await signedIn("user"),
      await signedIn("admin"),
    ];
    const opened = await api("/api/proposals", {
      cookie: opener.cookie,
      body: { kind: "resolution", title: "Helmets for every member", votingDays: 3 },
    });
    expect(opened.status).toBe(201);
    const id = opened.json.id as string;

    await runCron();
    await runCron();
    const first = await textsAbout(id);
    const phones = (callers: { user: { phoneNumber: string | null } }[]) =>
      callers.map((caller) => caller.user.phoneNumber);
    expect(first.map((text) => text.recipient).sort()).toEqual(phones(others).sort());
    expect(first.every((text) => text.status === "sent")).toBe(true);
    const filipino = first.find((text) => text.recipient === others[1]!.user.phoneNumber)!;
    expect(filipino.body).toContain("may bagong panukala, “Helmets for every member”");
    for (const caller of notTold) expect(first.map((text) => text.recipient)).not.toContain(caller.user.phoneNumber);

    await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
      .bind(id, Date.now() - 1000)
      .run();
    await runCron();
    await runCron();
    const results = (await textsAbout(id)).filter(
      (text) => text.body.includes("closed without enough ballots") || text.body.includes("nagsara"),
    );
    expect(results.map((text) => text.recipient).sort()).toEqual(phones([opener, ...others]).sort());
  });

  it(`sends at most ${TEXTS_PER_RUN} a run, the rest the next minute, none twice`, async () => {
    const opener = await member();
    await Promise.all(Array.from({ length: TEXTS_PER_RUN + 3 }, () => member()));
    const opened = await api("/api/proposals", {
      cookie: opener.cookie,
      body: { kind: "resolution", title: "Rain ponchos", votingDays: 3 },
    });
    const id = opened.json.id as string;
    const voters = (await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE role IN ('rider', 'admin') AND member_since IS NOT NULL AND rider_suspended_at IS NULL AND deactivated_at IS NULL AND phone_number IS NOT NULL AND id != ?1",
    )
      .bind(opener.user.id)
      .first<{ n: number }>())!.n;
    await runCron();
    expect((await textsAbout(id)).length).toBeLessThanOrEqual(TEXTS_PER_RUN);
    for (let run = 0; run < Math.ceil(voters / TEXTS_PER_RUN) + 1; run++) await runCron();
    const texts = await textsAbout(id);
    expect(texts).toHaveLength(voters);
    expect(new Set(texts.map((text) => text.recipient)).size).toBe(voters);
  });
});

describe("the ballots table", () => {
  it("keeps no arrival order: it has no rowid to match with the order of voters", async () => {
    await expect(env.DB.prepare("SELECT rowid FROM proposal_ballots").all()).rejects.toThrow(/no such column: rowid/);
    const voters = await env.DB.prepare("SELECT rowid FROM proposal_voters")
      .all()
      .catch((error: Error) => error);
    expect(String(voters)).toMatch(/no such column: rowid/);
  });
});

describe("what leaves the Worker", () => {
  it("no log line and no line of the month's CSV names a voter beside a choice, through ballots, a change of ballot and the close", async () => {
    const said: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation(
          (...args: unknown[]) =>
            void said.push(
              args
                .map((arg) =>
                  arg instanceof Error
                    ? `${arg.message} ${arg.stack}`
                    : typeof arg === "string"
                      ? arg
                      : JSON.stringify(arg),
                )
                .join(" "),
            ),
        ),
    );
    try {
      const admin = await signedIn("admin");
      const voters = [await member(), await member(), await member()];
      const opened = await api("/api/proposals", {
        cookie: admin.cookie,
        body: { kind: "resolution", title: "Secret ballot audit", votingDays: 3 },
      });
      const id = opened.json.id as string;
      for (const [i, choice] of (["yes", "no", "abstain"] as const).entries())
        expect(
          (await api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: voters[i]!.cookie, body: { choice } }))
            .status,
        ).toBe(200);
      expect(
        (await api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: voters[0]!.cookie, body: { choice: "no" } }))
          .status,
      ).toBe(200);
      await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
        .bind(id, Date.now() - 1000)
        .run();
      await runCron();
      const csv = await api(`/api/admin/reports/${manilaDate(Date.now()).slice(0, 7)}.csv`, { cookie: admin.cookie });
      expect(csv.status).toBe(200);
      const lines = [...said, ...csv.text.split("\n")];
      const marks = voters.flatMap((voter) => [voter.user.id, voter.user.phoneNumber!]);
      for (const line of lines) {
        if (!marks.some((mark) => line.includes(mark))) continue;
        expect(line, "a line naming a voter").not.toMatch(/\b(yes|no|abstain)\b/i);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("ballots sent with Idempotency-Keys", () => {
  const CHOICES = ["yes", "no", "abstain"] as const;

  it("50 ballots (5 members, 3 proposals, changed ballots, repeated keys): no row of any table holds a voter's id beside anything derived from a choice or a total, and no log line does", {
    timeout: 60_000,
  }, async () => {
    const said: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation(
          (...args: unknown[]) =>
            void said.push(
              args
                .map((arg) =>
                  arg instanceof Error
                    ? `${arg.message} ${arg.stack}`
                    : typeof arg === "string"
                      ? arg
                      : JSON.stringify(arg),
                )
                .join(" "),
            ),
        ),
    );
    const voters = await Promise.all(Array.from({ length: 5 }, () => member()));
    const opener = await signedIn("admin");
    const proposals: string[] = [];
    for (const title of ["Helmets for all", "Rain shelter", "Hub water tank"]) {
      const opened = await api("/api/proposals", {
        cookie: opener.cookie,
        body: { kind: "resolution", title, votingDays: 3 },
      });
      expect(opened.status, opened.text).toBe(201);
      proposals.push(opened.json.id as string);
    }
    const last = new Map<string, (typeof CHOICES)[number]>();
    const sent: { voter: number; proposal: string; choice: (typeof CHOICES)[number]; key: string }[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        // Every seventh send repeats the one before with its key (a phone that lost the answer); the others walk the members, the
        // proposals and the choices, so that each member's ballot on a proposal changes every 15 sends.
        const repeat = i % 7 === 6 ? sent[sent.length - 1]! : null;
        const ballot = repeat ?? {
          voter: i % 5,
          proposal: proposals[Math.floor(i / 5) % 3]!,
          choice: CHOICES[(Math.floor(i / 15) + i) % 3]!,
          key: `ballot-${i}-${crypto.randomUUID()}`,
        };
        const answer = await api(`/api/proposals/${ballot.proposal}/ballot`, {
          method: "PUT",
          cookie: voters[ballot.voter]!.cookie,
          body: { choice: ballot.choice },
          headers: { "Idempotency-Key": ballot.key },
        });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json).toEqual({ turnout: expect.any(Number), youVoted: true });
        sent.push(ballot);
        last.set(`${ballot.proposal}:${ballot.voter}`, ballot.choice);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // The ballots counted are each member's last.
    expect(new Set(sent.map((b) => b.key)).size).toBeLessThan(50);
    for (const proposal of proposals) {
      const { results } = await env.DB.prepare(
        "SELECT choice, count(*) AS n FROM proposal_ballots WHERE proposal_id = ?1 GROUP BY choice",
      )
        .bind(proposal)
        .all<{ choice: string; n: number }>();
      const expected: Record<string, number> = {};
      for (const [where, choice] of last)
        if (where.startsWith(`${proposal}:`)) expected[choice] = (expected[choice] ?? 0) + 1;
      expect(Object.fromEntries(results.map((r) => [r.choice, r.n])), proposal).toEqual(expected);
    }
    const changed = [...new Set(sent.map((b) => `${b.proposal}:${b.voter}`))].filter(
      (where) => new Set(sent.filter((b) => `${b.proposal}:${b.voter}` === where).map((b) => b.choice)).size > 1,
    );
    expect(changed.length, "some members changed their ballot").toBeGreaterThan(0);

    // What would tie a member to a choice or a total: the bodies' hashes (alone, and as the idempotency layer hashes a request), the ballots' keys, the words.
    const bodies = CHOICES.flatMap((choice) => [JSON.stringify({ choice }), `{ "choice": "${choice}" }`]);
    const hashes = new Set<string>();
    for (const body of bodies) {
      hashes.add(await sha256Hex(body));
      for (const proposal of proposals) hashes.add(await sha256Hex(`PUT\n/api/proposals/${proposal}/ballot\n${body}`));
    }
    for (const proposal of proposals)
      for (const voter of voters) hashes.add(await ballotKey(env.BALLOT_SECRET!, proposal, voter.user.id));
    const words = /\b(yes|no|abstain|totals?)\b/i;

    const tables = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>()
    ).results.map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(["idempotency_keys", "proposal_ballots", "proposal_voters", "notifications", "messages"]),
    );
    const marks = voters.flatMap((voter) => [voter.user.id, voter.user.phoneNumber!]);
    let rowsNamingAVoter = 0;
    for (const table of tables) {
      const read = await env.DB.prepare(`SELECT * FROM "${table}"`)
        .all<Record<string, unknown>>()
        .catch((error: Error) => error);
      if (read instanceof Error) {
        // D1's own bookkeeping is closed to the Worker; every table of ours is read.
        expect(table, read.message).toMatch(/^_cf_/);
        continue;
      }
      for (const row of read.results) {
        const values = Object.values(row).map((value) =>
          value instanceof ArrayBuffer ? new TextDecoder().decode(value) : String(value),
        );
        if (!values.some((value) => marks.some((mark) => value.includes(mark)))) continue;
        rowsNamingAVoter += 1;
        for (const [column, value] of Object.entries(row)) {
          const text = String(value);
          for (const hash of hashes) expect(text, `${table}.${column} beside a voter`).not.toContain(hash);
          expect(text, `${table}.${column} beside a voter`).not.toMatch(words);
        }
      }
    }
    // The voters' own rows (users, sessions, proposal_voters, the proposals' notifications) were read.
    expect(rowsNamingAVoter).toBeGreaterThanOrEqual(voters.length * 4);
    const { n: keys } = (await env.DB.prepare(
      `SELECT count(*) AS n FROM idempotency_keys WHERE user_id IN (${voters.map(() => "?").join(", ")})`,
    )
      .bind(...voters.map((v) => v.user.id))
      .first<{ n: number }>())!;
    expect(keys).toBe(0);

    for (const line of said) {
      if (!marks.some((mark) => line.includes(mark))) continue;
      expect(line, "a log line naming a voter").not.toMatch(words);
      for (const hash of hashes) expect(line).not.toContain(hash);
    }
  });

  it("a key is still checked on a ballot: a malformed one is 400 and nothing is counted", async () => {
    const voter = await member();
    const opened = await api("/api/proposals", {
      cookie: voter.cookie,
      body: { kind: "resolution", title: "Bike racks", votingDays: 3 },
    });
    const id = opened.json.id as string;
    const answer = await api(`/api/proposals/${id}/ballot`, {
      method: "PUT",
      cookie: voter.cookie,
      body: { choice: "yes" },
      headers: { "Idempotency-Key": "bad key with spaces" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe("server.http.idempotencyKeyInvalid");
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM proposal_voters WHERE proposal_id = ?1")
      .bind(id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});
