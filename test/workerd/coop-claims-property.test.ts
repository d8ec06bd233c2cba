import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decideClaim, payWaitingClaims } from "~/coop/claim-decisions.server";
import { fileClaim } from "~/coop/claims.server";
import type { ClaimKind, User } from "~/db/schema";
import { closeProposal } from "~/coop/close.server";
import { openProposal } from "~/coop/open-proposal.server";
import { castBallot } from "~/coop/proposals.server";
import { isRefusal } from "~/http/refusal";
import { seededRandom } from "../seeded-random";
import { createUser } from "./helpers";

/**
 * Claims and the fund under random days (decision 0215): money comes in, riders file claims (some
 * too large, some a third one waiting), admins approve and reject, votes on claims and payouts pass,
 * fail or miss their quorum, the cron pays claims waiting for funds, some of it at the same time.
 * Some runs start with claims filed before claims held the fund (larger than it, in the vote).
 * After every step: the fund is never below ₱0, no claim is paid twice or paid without being
 * approved, no claim stays in a vote that closed, every claimant was told once of each outcome,
 * and a claim is refused exactly when the rule says. Own world: whole-database figures.
 */

const KINDS: ClaimKind[] = ["accident", "hospitalisation", "bereavement", "calamity"];
const DAY = 86_400_000;

let fundDay = 0;
let intake = 0;
async function fundIn(centavos: number) {
  fundDay += 1;
  intake += centavos;
  const day = new Date(Date.UTC(2023, 0, fundDay)).toISOString().slice(0, 10);
  await env.DB.prepare("INSERT INTO daily_totals (day, member_benefits_share) VALUES (?1, ?2)")
    .bind(day, centavos)
    .run();
}

const all = async <T>(sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
const one = async <T>(sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<T>())!;

/** The fund's balance less what claims filed and not yet paid hold. */
const freeFromRows = async () =>
  (
    await one<{ free: number }>(
      `SELECT (SELECT coalesce(sum(member_benefits_share + insurance), 0) FROM daily_totals)
            - (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE kind = 'benefit')
            - (SELECT coalesce(sum(amount), 0) FROM fund_payouts)
            - (SELECT coalesce(sum(amount), 0) FROM fund_claims WHERE status IN ('pending', 'in_vote', 'waiting_funds')) AS free`,
    )
  ).free;

/** Every invariant, read from the tables themselves (not by the app's own sums). */
async function checkWorld(context: string, { legacy }: { legacy: boolean }) {
  const { balance } = await one<{ balance: number }>(
    `SELECT (SELECT coalesce(sum(member_benefits_share + insurance), 0) FROM daily_totals)
          - (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE kind = 'benefit')
          - (SELECT coalesce(sum(amount), 0) FROM fund_payouts) AS balance`,
  );
  expect(balance, `${context}: the fund never below ₱0`).toBeGreaterThanOrEqual(0);
  const paid = await one<{ benefits: number; payouts: number }>(
    "SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE kind = 'benefit') AS benefits, (SELECT coalesce(sum(amount), 0) FROM fund_payouts) AS payouts",
  );
  expect(balance, `${context}: what came in less what went out`).toBe(intake - paid.benefits - paid.payouts);

  const claims = await all<{
    id: string;
    claimant_id: string;
    amount: number;
    status: string;
    proposal_id: string | null;
    closed_at: number | null;
    result: string | null;
    entries: number;
    entry_amount: number | null;
    entry_rider: string | null;
  }>(
    `SELECT c.id, c.claimant_id, c.amount, c.status, c.proposal_id, p.closed_at, p.result,
            (SELECT count(*) FROM ledger_entries AS l WHERE l.source_id = 'claim:' || c.id) AS entries,
            (SELECT amount FROM ledger_entries AS l WHERE l.source_id = 'claim:' || c.id) AS entry_amount,
            (SELECT rider_id FROM ledger_entries AS l WHERE l.source_id = 'claim:' || c.id) AS entry_rider
     FROM fund_claims AS c LEFT JOIN proposals AS p ON p.id = c.proposal_id`,
  );
  for (const claim of claims) {
    const what = `${context}: claim ${claim.id} (${claim.status})`;
    expect(claim.entries, `${what}: paid once, only when approved`).toBe(claim.status === "approved" ? 1 : 0);
    if (claim.entries === 1)
      expect([claim.entry_amount, claim.entry_rider], what).toEqual([claim.amount, claim.claimant_id]);
    if (claim.status === "in_vote") expect(claim.closed_at, `${what}: never left in a closed vote`).toBeNull();
    if (claim.status === "waiting_funds")
      expect(claim.result, `${what}: waits only after its vote passed`).toBe("passed");
    if (claim.proposal_id && claim.closed_at !== null) {
      expect(claim.status, `${what}: its vote's result`).toBe(
        claim.result === "passed" ? (claim.entries ? "approved" : "waiting_funds") : "rejected",
      );
    }
  }
  const benefits = await one<{ n: number }>(
    "SELECT count(*) AS n FROM ledger_entries WHERE kind = 'benefit' AND source_id NOT IN (SELECT 'claim:' || id FROM fund_claims WHERE status = 'approved')",
  );
  expect(benefits.n, `${context}: no benefit without its approved claim`).toBe(0);

  // Told once of each outcome: decided (approved, rejected, paid after waiting) and each wait.
  const told = await all<{
    claimant_id: string;
    decided: number;
    waiting_now: number;
    outcomes: number;
    waits: number;
    paid_after_wait: number;
  }>(
    `SELECT c.claimant_id,
            sum(c.status IN ('approved', 'rejected')) AS decided,
            sum(c.status = 'waiting_funds') AS waiting_now,
            (SELECT count(*) FROM notifications AS n WHERE n.user_id = c.claimant_id AND n.kind = 'claim_decided'
               AND n.title IN ('notifications.claimApproved.title', 'notifications.claimRejected.title', 'notifications.claimPaid.title')) AS outcomes,
            (SELECT count(*) FROM notifications AS n WHERE n.user_id = c.claimant_id AND n.title = 'notifications.claimWaiting.title') AS waits,
            (SELECT count(*) FROM notifications AS n WHERE n.user_id = c.claimant_id AND n.title = 'notifications.claimPaid.title') AS paid_after_wait
     FROM fund_claims AS c GROUP BY c.claimant_id`,
  );
  for (const row of told) {
    expect(row.outcomes, `${context}: ${row.claimant_id} told of each decision once`).toBe(row.decided);
    expect(row.waits, `${context}: ${row.claimant_id} told of each wait once`).toBe(
      row.waiting_now + row.paid_after_wait,
    );
  }
  if (!legacy) {
    // Without claims from before the rule, what claims hold is always in the fund.
    const held = await one<{ held: number }>(
      "SELECT coalesce(sum(amount), 0) AS held FROM fund_claims WHERE status IN ('pending', 'in_vote', 'waiting_funds')",
    );
    expect(held.held, `${context}: claims hold no more than the fund`).toBeLessThanOrEqual(balance);
  }
}

async function run(seed: number, { legacy, steps }: { legacy: boolean; steps: number }) {
  const random = seededRandom(seed);
  const now = () => Date.now();
  const riders: User[] = [];
  for (let i = 0; i < 5; i += 1)
    riders.push(
      await createUser("rider", { riderApprovedAt: new Date(), memberSince: i < 2 ? new Date(now() - DAY) : null }),
    );
  const voter = await createUser("rider", { riderApprovedAt: new Date(), memberSince: new Date(now() - DAY) });
  const admin = await createUser("admin", { memberSince: new Date(now() - DAY) });
  await fundIn(random.int(0, 300_000));
  if (legacy) {
    // Claims filed before they held the fund, as migration 0192 found them: in the vote, larger than it.
    for (let i = 0; i < 5; i += 1) {
      const id = crypto.randomUUID();
      const proposalId = crypto.randomUUID();
      const amount = random.int(300_000, 2_000_000);
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO proposals (id, kind, title, body, payload, opened_by, opened_at, closes_at, entitled) VALUES (?1, 'payout', 'Claim', '', ?2, ?3, ?4, ?5, 1)",
        ).bind(
          proposalId,
          JSON.stringify({ amount, purpose: "Claim", claimId: id }),
          riders[i % riders.length]!.id,
          now() - DAY,
          now() + 7 * DAY,
        ),
        env.DB.prepare(
          "INSERT INTO fund_claims (id, claimant_id, kind, amount, note, status, proposal_id, filed_at) VALUES (?1, ?2, 'calamity', ?3, 'Before.', 'in_vote', ?4, ?5)",
        ).bind(id, riders[i % riders.length]!.id, amount, proposalId, now() - DAY),
      ]);
    }
  }

  const file = async (claimant: User, amount: number, exact: boolean) => {
    // What the rule allows, read here from the rows: two claims waiting at most, and only what no claim holds.
    const { waiting } = await one<{ waiting: number }>(
      "SELECT count(*) AS waiting FROM fund_claims WHERE claimant_id = ?1 AND status IN ('pending', 'in_vote', 'waiting_funds')",
      claimant.id,
    );
    const free = await freeFromRows();
    const expected = waiting >= 2 ? 409 : amount > free ? 400 : 201;
    const upload = { fields: { kind: random.pick(KINDS), amount: amount / 100, note: "What happened." }, photos: [] };
    const status = await fileClaim(env, claimant, upload).then(
      () => 201,
      (error: unknown) => (isRefusal(error) ? error.status : Promise.reject(error)),
    );
    if (exact)
      expect(status, `seed ${seed}: a claim of ${amount} with ${waiting} waiting, ${free} free`).toBe(expected);
  };

  /** Votes on an open proposal (or not), ends its time, and closes it: `racing` closes it twice at once, beside the cron's payments. */
  const closeVote = async (proposalId: string, racing: boolean) => {
    await env.DB.prepare("UPDATE proposals SET entitled = 1 WHERE id = ?1").bind(proposalId).run();
    const choice = random.pick(["yes", "yes", "yes", "no", null] as const);
    if (choice) await castBallot(env, voter, proposalId, choice);
    await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
      .bind(proposalId, now() - 1000)
      .run();
    if (racing)
      await Promise.all([
        closeProposal(env.DB, proposalId),
        closeProposal(env.DB, proposalId),
        payWaitingClaims(env.DB),
      ]);
    else await closeProposal(env.DB, proposalId);
  };

  for (let step = 0; step < steps; step += 1) {
    const action = random.int(0, 9);
    const context = `seed ${seed}, step ${step}, action ${action}`;
    const free = await freeFromRows();
    if (action <= 1) {
      await fundIn(random.int(1, 200_000));
    } else if (action <= 4) {
      // Around what is free, both sides of the co-op's ₱5,000 limit; sometimes two at once.
      const amount = Math.max(
        1,
        random.pick([
          random.int(1, Math.max(1, free)),
          free,
          free + 1,
          random.int(400_000, 700_000),
          random.int(1, 2_000_000),
        ]),
      );
      if (random.next() < 0.25) {
        const [a, b] = [random.pick(riders), random.pick(riders)];
        await Promise.all([file(a, amount, false), file(b, amount, false)]);
      } else await file(random.pick(riders), amount, true);
    } else if (action === 5) {
      const pending = await all<{ id: string }>(
        "SELECT id FROM fund_claims WHERE status = 'pending' ORDER BY filed_at, id",
      );
      if (pending.length > 0) {
        const { id } = random.pick(pending);
        const decide = () =>
          decideClaim(
            env,
            admin,
            id,
            random.next() < 0.7 ? { decision: "approve" } : { decision: "reject", reason: "Not covered." },
          ).catch((error: unknown) => (isRefusal(error) ? null : Promise.reject(error)));
        if (random.next() < 0.3) await Promise.all([decide(), decide()]);
        else await decide();
      }
    } else if (action <= 7) {
      const inVote = await all<{ proposal_id: string }>(
        "SELECT proposal_id FROM fund_claims WHERE status = 'in_vote' ORDER BY filed_at, id",
      );
      if (inVote.length > 0) await closeVote(random.pick(inVote).proposal_id, random.next() < 0.4);
    } else if (action === 8) {
      // A payout proposal for part of what is free (refused when nothing is), then its vote.
      const amount = Math.max(1, random.int(1, Math.max(1, free)));
      const opened = await openProposal(env.DB, riders[0]!, {
        kind: "payout",
        title: "Helmets",
        body: "",
        votingDays: 7,
        amount: amount / 100,
        purpose: "Helmets",
      }).catch((error: unknown) => (isRefusal(error) ? null : Promise.reject(error)));
      if (opened && random.next() < 0.7) await closeVote(opened.id, random.next() < 0.3);
    } else {
      if (random.next() < 0.5) await Promise.all([payWaitingClaims(env.DB), payWaitingClaims(env.DB)]);
      else await payWaitingClaims(env.DB);
    }
    await checkWorld(context, { legacy });
  }
}

describe("claims and the fund under random days", () => {
  it("the fund never goes below ₱0, nothing is paid twice, every vote on a claim ends it, claimants are told once of each outcome", {
    timeout: 240_000,
  }, async () => {
    for (const seed of [1, 7, 42]) await run(seed, { legacy: false, steps: 45 });
  });

  it("the same with claims from before the rule (in the vote, larger than the fund): they wait for funds and are paid oldest first as money comes in", {
    timeout: 240_000,
  }, async () => {
    for (const seed of [3, 11]) await run(seed, { legacy: true, steps: 45 });
    // Money in until every claim still waiting is paid, a cron run each time.
    for (let round = 0; round < 40; round += 1) {
      const { n } = await one<{ n: number }>("SELECT count(*) AS n FROM fund_claims WHERE status = 'waiting_funds'");
      if (n === 0) break;
      await fundIn(300_000);
      await payWaitingClaims(env.DB);
    }
    expect(await one<{ n: number }>("SELECT count(*) AS n FROM fund_claims WHERE status = 'waiting_funds'")).toEqual({
      n: 0,
    });
    await checkWorld("after paying every claim waiting", { legacy: true });
  });
});
