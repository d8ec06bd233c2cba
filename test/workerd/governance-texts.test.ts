import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { manilaDate } from "~/time/manila";
import { TEXTS_PER_RUN } from "~/governance/proposal-texts.server";
import worker from "../../workers/app";
import { api, signedIn } from "./helpers";

/** Issue 30: members are told of a proposal by SMS too (PRODUCT.md), once each; and the ballots keep no arrival order. */

const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { memberSince: new Date(Date.now() - 86_400_000), riderApprovedAt: new Date(), ...overrides });

async function runCron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const textsAbout = async (proposalId: string) =>
  (await env.DB.prepare("SELECT recipient, body, status FROM messages WHERE purpose = 'proposal' AND ref = ?1 ORDER BY recipient").bind(proposalId).all<{ recipient: string; body: string; status: string }>()).results;

describe("the SMS of a proposal", () => {
  it("tells each member-owner once that it opened (not its opener), then everyone its result; nobody else", async () => {
    const opener = await member();
    const others = [await member(), await member({ language: "fil" })];
    const notTold = [await member({ riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" }), await signedIn("rider", { riderApprovedAt: new Date() }), await signedIn("user"), await signedIn("admin")];
    const opened = await api("/api/proposals", { cookie: opener.cookie, body: { kind: "resolution", title: "Helmets for every member", votingDays: 3 } });
    expect(opened.status).toBe(201);
    const id = opened.json.id as string;

    await runCron();
    await runCron();
    const first = await textsAbout(id);
    const phones = (callers: { user: { phoneNumber: string | null } }[]) => callers.map((caller) => caller.user.phoneNumber);
    expect(first.map((text) => text.recipient).sort()).toEqual(phones(others).sort());
    expect(first.every((text) => text.status === "sent")).toBe(true);
    const filipino = first.find((text) => text.recipient === others[1]!.user.phoneNumber)!;
    expect(filipino.body).toContain("may bagong panukala, “Helmets for every member”");
    for (const caller of notTold) expect(first.map((text) => text.recipient)).not.toContain(caller.user.phoneNumber);

    await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1").bind(id, Date.now() - 1000).run();
    await runCron();
    await runCron();
    const results = (await textsAbout(id)).filter((text) => text.body.includes("closed without enough ballots") || text.body.includes("nagsara"));
    expect(results.map((text) => text.recipient).sort()).toEqual(phones([opener, ...others]).sort());
  });

  it(`sends at most ${TEXTS_PER_RUN} a run, the rest the next minute, none twice`, async () => {
    const opener = await member();
    await Promise.all(Array.from({ length: TEXTS_PER_RUN + 3 }, () => member()));
    const opened = await api("/api/proposals", { cookie: opener.cookie, body: { kind: "resolution", title: "Rain ponchos", votingDays: 3 } });
    const id = opened.json.id as string;
    const voters = (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE role IN ('rider', 'admin') AND member_since IS NOT NULL AND rider_suspended_at IS NULL AND deactivated_at IS NULL AND phone_number IS NOT NULL AND id != ?1").bind(opener.user.id).first<{ n: number }>())!.n;
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
    const voters = await env.DB.prepare("SELECT rowid FROM proposal_voters").all().catch((error: Error) => error);
    expect(String(voters)).toMatch(/no such column: rowid/);
  });
});

describe("what leaves the Worker", () => {
  it("no log line and no line of the month's CSV names a voter beside a choice, through ballots, a change of ballot and the close", async () => {
    const said: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void said.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "))),
    );
    try {
      const admin = await signedIn("admin");
      const voters = [await member(), await member(), await member()];
      const opened = await api("/api/proposals", { cookie: admin.cookie, body: { kind: "resolution", title: "Secret ballot audit", votingDays: 3 } });
      const id = opened.json.id as string;
      for (const [i, choice] of (["yes", "no", "abstain"] as const).entries()) expect((await api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: voters[i]!.cookie, body: { choice } })).status).toBe(200);
      expect((await api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: voters[0]!.cookie, body: { choice: "no" } })).status).toBe(200);
      await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1").bind(id, Date.now() - 1000).run();
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

