import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { closeProposal } from "~/coop/close.server";
import { closesAtFor, quorumOf, resultOf } from "~/coop/governance-rules";
import worker from "../../workers/app";
import { api, putSettings, signedIn } from "./helpers";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { book } from "./ledger-fixtures";

/** docs/guide/coop.md (decision 0216): proposals, secret ballots, the close. */

type Caller = Awaited<ReturnType<typeof signedIn>>;

const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { memberSince: new Date(Date.now() - 86_400_000), riderApprovedAt: new Date(), ...overrides });

async function runCron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function open(caller: Caller, body: Record<string, unknown> = {}) {
  const answer = await api("/api/proposals", {
    cookie: caller.cookie,
    body: {
      kind: "resolution",
      title: "Raise the rain shelter at the Makati hub",
      body: "We build it before June.",
      ...body,
    },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as {
    id: string;
    entitled: number;
    quorum: number;
    closesAt: string;
    settingsChanges?: { field: string; before: string; after: string }[];
  };
}

const vote = (caller: Caller | undefined, id: string, choice: unknown) =>
  api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: caller?.cookie, body: { choice } });

/** A delivery of `totalFee` centavos delivered at `at` by a new rider: its shares go to the fund and to operations. */
async function deliveredFor(customer: Caller, totalFee: number, at: number) {
  const rider = await signedIn("rider", { riderApprovedAt: new Date() });
  await insertDelivery({
    customerId: customer.user.id,
    ...historyFor("delivered", rider.user.id, at),
    deliveredAt: new Date(at),
    totalFee,
    amountDue: totalFee,
  });
}

/** Voting time over: the cron may close it. */
const due = (id: string) =>
  env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
    .bind(id, Date.now() - 1000)
    .run();
const entitle = (id: string, entitled: number) =>
  env.DB.prepare("UPDATE proposals SET entitled = ?2 WHERE id = ?1").bind(id, entitled).run();

describe("who votes", () => {
  it("only member-owners who are not suspended: customers, riders who are not members, suspended members and admins who are not members get 403; anonymous 401", async () => {
    const admin = await signedIn("admin");
    const proposal = await open(admin);
    const callers: [string, Caller | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["customer", await signedIn("user"), 403],
      ["rider, not a member", await signedIn("rider", { riderApprovedAt: new Date() }), 403],
      [
        "suspended member",
        await member({ riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" }),
        403,
      ],
      ["admin, not a member", admin, 403],
      ["member", await member(), 200],
      ["admin who is a member", await signedIn("admin", { memberSince: new Date() }), 200],
    ];
    for (const [who, caller, status] of callers) {
      const answer = await vote(caller, proposal.id, "yes");
      expect(answer.status, `${who}: ${answer.text}`).toBe(status);
    }
    expect((await vote(await member(), "no-such-proposal", "yes")).status).toBe(404);
    const bad = await vote(await member(), proposal.id, "maybe");
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("server.governance.choice");
  });

  it("entitled is the member-owners who may vote when it opens; customers and riders who are not members cannot open one", async () => {
    const opener = await member();
    const { n } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE role IN ('rider', 'admin') AND member_since IS NOT NULL AND rider_suspended_at IS NULL AND deactivated_at IS NULL",
    ).first<{ n: number }>())!;
    const proposal = await open(opener, { votingDays: 3 });
    expect(proposal.entitled).toBe(n);
    expect(proposal.quorum).toBe(Math.ceil(n / 4));
    expect(Date.parse(proposal.closesAt)).toBe(closesAtFor(Date.now(), 3));
    for (const caller of [await signedIn("user"), await signedIn("rider", { riderApprovedAt: new Date() })]) {
      expect(
        (await api("/api/proposals", { cookie: caller.cookie, body: { kind: "resolution", title: "x" } })).status,
      ).toBe(403);
    }
    expect((await api("/api/proposals", { cookie: (await signedIn("user")).cookie })).status).toBe(403);
  });

  it("refuses a bad proposal with each field's problem (400)", async () => {
    const admin = await signedIn("admin");
    // ₱100,000 delivered in August 2026: ₱5,000 into the fund and ₱10,000 of operations share for the Q3 return below.
    await deliveredFor(admin, 10_000_000, Date.parse("2026-08-14T10:00:00+08:00"));
    const post = (body: unknown) => api("/api/proposals", { cookie: admin.cookie, body });
    const long = await post({ kind: "resolution", title: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.errors)).toEqual(["title"]);
    expect((await post({ kind: "resolution", title: "Ok", body: "y".repeat(2001) })).json.errors).toHaveProperty(
      "body",
    );
    expect((await post({ kind: "resolution", title: "Ok", votingDays: 2 })).json.errors).toHaveProperty("votingDays");
    expect((await post({ kind: "resolution", title: "Ok", votingDays: 15 })).status).toBe(400);
    expect((await post({ kind: "referendum", title: "Ok" })).status).toBe(400);
    const noChange = await post({ kind: "settings", title: "Same", settings: { rateCard: { perKm: 10 } } });
    expect(noChange.status).toBe(400);
    expect(noChange.json.code).toBe("server.governance.noChange");
    const negative = await post({ kind: "settings", title: "Negative", settings: { rateCard: { perKm: -1 } } });
    expect(negative.status).toBe(400);
    expect(negative.json.errors).toHaveProperty(["settings.rateCard.perKm"]);
    expect((await post({ kind: "payout", title: "Typhoon aid", amount: 0, purpose: "Aid" })).status).toBe(400);
    expect(
      (
        await post({
          kind: "surplus_return",
          title: "Return",
          period: { kind: "quarter", start: "2026-02-01" },
          amount: 100,
        })
      ).json.errors,
    ).toHaveProperty(["period.start"]);
    const payout = await post({
      kind: "payout",
      title: "Typhoon aid",
      amount: 1500.5,
      purpose: "Aid to riders in Marikina",
    });
    expect(payout.status, payout.text).toBe(201);
    expect(payout.json.payout).toEqual({ amount: 1500.5, purpose: "Aid to riders in Marikina" });
    const surplus = await post({
      kind: "surplus_return",
      title: "Return Q3",
      period: { kind: "quarter", start: "2026-07-01" },
      amount: 10000,
    });
    expect(surplus.status, surplus.text).toBe(201);
    expect((await api("/api/proposals/no-such-proposal", { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("ballots", () => {
  it("a second ballot replaces the first: turnout 1, and the answer says only that you voted", async () => {
    const voter = await member();
    const proposal = await open(voter);
    const first = await vote(voter, proposal.id, "yes");
    expect(first.json).toEqual({ turnout: 1, youVoted: true });
    const second = await vote(voter, proposal.id, "no");
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ turnout: 1, youVoted: true });
    const rows = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM proposal_voters WHERE proposal_id = ?1) AS voters, (SELECT count(*) FROM proposal_ballots WHERE proposal_id = ?1) AS ballots",
    )
      .bind(proposal.id)
      .first();
    expect(rows).toEqual({ voters: 1, ballots: 1 });
    const counted = await env.DB.prepare("SELECT choice FROM proposal_ballots WHERE proposal_id = ?1")
      .bind(proposal.id)
      .first();
    expect(counted).toEqual({ choice: "no" });
  });

  it("nobody sees totals before the close, voters and admins included; everyone sees the same totals after it", async () => {
    const [voter, other] = [await member(), await member()];
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const admin = await signedIn("admin", { memberSince: new Date() });
    const proposal = await open(voter);
    await vote(voter, proposal.id, "yes");
    await vote(admin, proposal.id, "no");
    const read = async (caller: Caller) => (await api(`/api/proposals/${proposal.id}`, { cookie: caller.cookie })).json;
    const listed = async (caller: Caller) =>
      (await api("/api/proposals?limit=100", { cookie: caller.cookie })).json.proposals.find(
        (p: { id: string }) => p.id === proposal.id,
      );
    expect(await read(voter)).toMatchObject({ youVoted: true, turnout: 2, totals: null, result: null, open: true });
    expect(await read(admin)).toMatchObject({ youVoted: true, turnout: 2, totals: null });
    expect(await read(other)).toMatchObject({ youVoted: false, turnout: 2, totals: null });
    expect(await read(rider)).toMatchObject({ youVoted: false, totals: null });
    for (const caller of [voter, admin, other])
      expect(await listed(caller)).toMatchObject({ turnout: 2, totals: null });
    await entitle(proposal.id, 4);
    await vote(other, proposal.id, "yes");
    await due(proposal.id);
    await runCron();
    for (const caller of [rider, voter, admin])
      expect(await read(caller)).toMatchObject({
        open: false,
        result: "passed",
        totals: { yes: 2, no: 1, abstain: 0 },
      });
  });

  it("after the close a ballot is 409, and so is one after the voting time before the cron ran", async () => {
    const voter = await member();
    const proposal = await open(voter);
    await due(proposal.id);
    const late = await vote(voter, proposal.id, "yes");
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("server.governance.closed");
    await runCron();
    expect((await vote(voter, proposal.id, "no")).status).toBe(409);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM proposal_ballots WHERE proposal_id = ?1")
      .bind(proposal.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

describe("quorum and majority", () => {
  it("25% of those entitled, rounded up, abstentions counted; Yes must beat No", () => {
    expect([quorumOf(8), quorumOf(9), quorumOf(1), quorumOf(100)]).toEqual([2, 3, 1, 25]);
    expect(resultOf({ yes: 1, no: 0, abstain: 1 }, 8)).toBe("passed");
    expect(resultOf({ yes: 1, no: 0, abstain: 0 }, 8)).toBe("inquorate");
    expect(resultOf({ yes: 1, no: 1, abstain: 0 }, 8)).toBe("failed");
    expect(resultOf({ yes: 2, no: 1, abstain: 0 }, 9)).toBe("passed");
    expect(resultOf({ yes: 0, no: 0, abstain: 2 }, 9)).toBe("inquorate");
  });

  it("at the edges through the API: exactly quorum with an abstention passes, one ballot short is inquorate, Yes = No fails", async () => {
    const members = [await member(), await member(), await member()];
    const cases: [choices: string[], result: string][] = [
      [["yes", "abstain"], "passed"],
      [["yes"], "inquorate"],
      [["yes", "no"], "failed"],
      [["abstain", "abstain"], "failed"],
      [["yes", "no", "yes"], "passed"],
    ];
    for (const [choices, result] of cases) {
      const proposal = await open(members[0]!);
      // 8 entitled: quorum is 2 ballots.
      await entitle(proposal.id, 8);
      for (const [i, choice] of choices.entries())
        expect((await vote(members[i], proposal.id, choice)).status).toBe(200);
      const outcome = await closeProposal(env.DB, proposal.id);
      expect(outcome, choices.join(",")).toMatchObject({ closed: true, result });
      const stored = await env.DB.prepare(
        "SELECT result, yes_votes, no_votes, abstain_votes FROM proposals WHERE id = ?1",
      )
        .bind(proposal.id)
        .first();
      expect(stored).toEqual({
        result,
        yes_votes: choices.filter((c) => c === "yes").length,
        no_votes: choices.filter((c) => c === "no").length,
        abstain_votes: choices.filter((c) => c === "abstain").length,
      });
    }
  });
});

describe("the close", () => {
  it("a passed settings change is a new version made by the proposal: a booking made before keeps its price, a new quote uses the new rate", async () => {
    const [opener, second] = [await member(), await member()];
    const customer = await signedIn("user");
    const before = await book(customer);
    expect(before.totalFee).toBe(136);
    const quote = () =>
      api("/api/pricing/calculate", { cookie: customer.cookie, body: { distance: 5, packageSize: "medium" } });
    expect((await quote()).json).toMatchObject({ total: 90 });

    const proposal = await open(opener, {
      kind: "settings",
      title: "₱15 per km",
      settings: { rateCard: { perKm: 15 } },
    });
    expect(proposal.settingsChanges).toEqual([
      { field: "rateCard.perKm", label: expect.any(String), before: "₱10.00", after: "₱15.00" },
    ]);
    await entitle(proposal.id, 4);
    await vote(opener, proposal.id, "yes");
    await vote(second, proposal.id, "no");
    // An admin changes another setting meanwhile: the proposal changes only its own value.
    const admin = await signedIn("admin");
    const settings = (await api("/api/admin/settings", { cookie: admin.cookie })).json.settings;
    const saved = await putSettings(admin.cookie, { ...settings, maxDistanceKm: 55, confirmLargeChange: true });
    expect(saved.status, saved.text).toBe(200);
    await vote(second, proposal.id, "abstain");
    await due(proposal.id);
    await runCron();

    const version = await env.DB.prepare(
      "SELECT id, settings, created_by, proposal_id FROM coop_settings_versions WHERE proposal_id = ?1",
    )
      .bind(proposal.id)
      .first<{ id: number; settings: string; created_by: string | null }>();
    expect(version).toMatchObject({ created_by: null, proposal_id: proposal.id });
    expect(JSON.parse(version!.settings)).toMatchObject({
      rateCard: { perKm: 1500, baseFare: 4000 },
      maxDistanceKm: 55,
    });
    const read = (await api(`/api/proposals/${proposal.id}`, { cookie: second.cookie })).json;
    expect(read).toMatchObject({
      result: "passed",
      settingsVersion: version!.id,
      totals: { yes: 1, no: 0, abstain: 1 },
    });

    const history = (await api("/api/admin/settings", { cookie: admin.cookie })).json.history;
    expect(history[0]).toMatchObject({
      version: version!.id,
      createdBy: null,
      madeByProposal: { id: proposal.id, title: "₱15 per km" },
    });
    const page = await api("/admin/settings", { cookie: admin.cookie });
    expect(page.text).toContain("by the members&#x27; vote on “₱15 per km”");

    // 5 km medium: 40 + 3 km × 15 + 20 = 105.
    expect((await quote()).json).toMatchObject({ distanceFee: 45, total: 105 });
    expect((await api(`/api/deliveries/${before.id}`, { cookie: customer.cookie })).json.totalFee).toBe(136);
    const after = await book(customer);
    expect(after.totalFee).toBeGreaterThan(before.totalFee);
  });

  it("closing twice closes once: one version, one notification each", async () => {
    const opener = await member();
    const proposal = await open(opener, {
      kind: "settings",
      title: "Medium size ₱25",
      settings: { rateCard: { sizeFees: { medium: 25 } } },
    });
    await entitle(proposal.id, 1);
    await vote(opener, proposal.id, "yes");
    const first = await closeProposal(env.DB, proposal.id);
    const second = await closeProposal(env.DB, proposal.id);
    expect(first).toMatchObject({ closed: true, result: "passed", settingsVersion: expect.any(Number) });
    expect(second).toMatchObject({ closed: false });
    await runCron();
    const { versions } = (await env.DB.prepare(
      "SELECT count(*) AS versions FROM coop_settings_versions WHERE proposal_id = ?1",
    )
      .bind(proposal.id)
      .first<{ versions: number }>())!;
    expect(versions).toBe(1);
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND kind = 'proposal_closed' AND url = ?2",
    )
      .bind(opener.user.id, `/coop/proposals/${proposal.id}`)
      .first<{ n: number }>();
    expect(told!.n).toBe(1);
    const bell = await api("/api/notifications", { cookie: opener.cookie });
    expect(bell.json.notifications[0]).toMatchObject({
      kind: "proposal_closed",
      title: "Proposal passed",
      body: "“Medium size ₱25” passed: 1 yes, 0 no, 0 abstain.",
    });
  });

  it("two closes at once (the cron and a retry racing) close once: one version", async () => {
    const opener = await member();
    const proposal = await open(opener, {
      kind: "settings",
      title: "Large size ₱55",
      settings: { rateCard: { sizeFees: { large: 55 } } },
    });
    await entitle(proposal.id, 1);
    await vote(opener, proposal.id, "yes");
    const outcomes = await Promise.all([
      closeProposal(env.DB, proposal.id),
      closeProposal(env.DB, proposal.id),
      closeProposal(env.DB, proposal.id),
    ]);
    expect(outcomes.filter((o) => o.closed)).toHaveLength(1);
    const { versions } = (await env.DB.prepare(
      "SELECT count(*) AS versions FROM coop_settings_versions WHERE proposal_id = ?1",
    )
      .bind(proposal.id)
      .first<{ versions: number }>())!;
    expect(versions).toBe(1);
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND kind = 'proposal_closed' AND url = ?2",
    )
      .bind(opener.user.id, `/coop/proposals/${proposal.id}`)
      .first<{ n: number }>();
    expect(told!.n).toBe(1);
  });

  it("a ballot racing the close is either counted in the stored totals or refused, never lost", async () => {
    const [first, late] = [await member(), await member()];
    const proposal = await open(first);
    await vote(first, proposal.id, "yes");
    const [outcome, ballot] = await Promise.all([closeProposal(env.DB, proposal.id), vote(late, proposal.id, "no")]);
    if (!outcome.closed) expect((await closeProposal(env.DB, proposal.id)).closed).toBe(true);
    const stored = await env.DB.prepare(
      "SELECT yes_votes + no_votes + abstain_votes AS counted FROM proposals WHERE id = ?1",
    )
      .bind(proposal.id)
      .first<{ counted: number }>();
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM proposal_ballots WHERE proposal_id = ?1")
      .bind(proposal.id)
      .first<{ n: number }>())!;
    expect(stored!.counted).toBe(n);
    expect(n).toBe(ballot.status === 200 ? 2 : 1);
  });

  it("a passed payout is booked out of the fund at the close (test/workerd/coop-fund.test.ts covers payouts and surplus returns in full)", async () => {
    const opener = await member();
    await deliveredFor(opener, 2_000_000, Date.now() - 60_000);
    const proposal = await open(opener, { kind: "payout", title: "Typhoon aid", amount: 500, purpose: "Aid" });
    await entitle(proposal.id, 1);
    await vote(opener, proposal.id, "yes");
    expect(await closeProposal(env.DB, proposal.id)).toMatchObject({
      closed: true,
      result: "passed",
      settingsVersion: null,
      appliedRef: `payout:${proposal.id}`,
    });
    const stored = await env.DB.prepare(
      "SELECT applied_ref, (SELECT amount FROM fund_payouts WHERE proposal_id = ?1) AS paid FROM proposals WHERE id = ?1",
    )
      .bind(proposal.id)
      .first();
    expect(stored).toEqual({ applied_ref: `payout:${proposal.id}`, paid: 50_000 });
  });
});

describe("the secret ballot", () => {
  it("no API answer carries a member's choice, and the ballots table has no member column", async () => {
    const admin = await signedIn("admin");
    const voters = [await member(), await member(), await member()];
    const bystander = await member();
    const proposal = await open(admin);
    const choices = ["yes", "no", "abstain"];
    for (const [i, voter] of voters.entries()) expect((await vote(voter, proposal.id, choices[i])).status).toBe(200);

    const ids = [...voters, bystander, admin].map((caller) => caller.user.id);
    const answers: string[] = [];
    const readAll = async () => {
      for (const caller of [...voters, bystander, admin]) {
        answers.push((await api(`/api/proposals/${proposal.id}`, { cookie: caller.cookie })).text);
        answers.push((await api("/api/proposals?limit=100", { cookie: caller.cookie })).text);
        answers.push((await api("/api/notifications", { cookie: caller.cookie })).text);
      }
    };
    await readAll();
    await entitle(proposal.id, 4);
    await due(proposal.id);
    await runCron();
    await readAll();
    for (const text of answers) for (const id of ids) expect(text).not.toContain(id);
    // The totals read the same to all, and name nobody.
    const closed = JSON.parse(answers[answers.length - 3]!);
    expect(closed).toMatchObject({ totals: { yes: 1, no: 1, abstain: 1 }, result: "failed" });

    const columns = (await env.DB.prepare("PRAGMA table_info(proposal_ballots)").all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    expect(columns.sort()).toEqual(["ballot_key", "cast_at", "choice", "proposal_id"]);
    const ballots = (
      await env.DB.prepare("SELECT ballot_key, cast_at FROM proposal_ballots WHERE proposal_id = ?1")
        .bind(proposal.id)
        .all<{ ballot_key: string; cast_at: number }>()
    ).results;
    expect(ballots).toHaveLength(3);
    for (const ballot of ballots) {
      for (const id of ids) expect(ballot.ballot_key).not.toContain(id);
      expect(ballot.ballot_key).toMatch(/^[0-9a-f]{64}$/);
    }
    // Every ballot carries the same time (the opening): a ballot's own time could be matched with voted_at.
    expect(new Set(ballots.map((b) => b.cast_at)).size).toBe(1);
  });
});

describe("the list", () => {
  it("open first (soonest to close first), then closed (newest first), paged without repeats", async () => {
    const admin = await signedIn("admin");
    for (const votingDays of [9, 3, 5]) await open(admin, { title: `Open ${votingDays}`, votingDays });
    const closing = await open(admin, { title: "Closed one" });
    await due(closing.id);
    await runCron();

    const seen: { id: string; open: boolean; closesAt: string }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const answer = await api(`/api/proposals?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { cookie: admin.cookie });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.proposals.length).toBeLessThanOrEqual(2);
      seen.push(...answer.json.proposals);
      cursor = answer.json.nextCursor;
      if (!cursor) break;
    }
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM proposals").first<{ n: number }>())!;
    expect(seen).toHaveLength(n);
    expect(new Set(seen.map((p) => p.id)).size).toBe(n);
    const firstClosed = seen.findIndex((p) => !p.open && p.closesAt < new Date().toISOString());
    const openOnes = seen.filter((p) => p.open);
    expect(seen.slice(0, openOnes.length).every((p) => p.open)).toBe(true);
    expect(firstClosed).toBeGreaterThanOrEqual(openOnes.length);
    const opens = openOnes.map((p) => p.closesAt);
    expect(opens).toEqual([...opens].sort());
    const closes = seen.slice(openOnes.length).map((p) => p.closesAt);
    expect(closes).toEqual([...closes].sort().reverse());
    expect((await api("/api/proposals", { cookie: (await signedIn("user")).cookie })).status).toBe(403);
    expect((await api("/api/proposals?cursor=nonsense!", { cookie: admin.cookie })).status).toBe(400);
  });
});
