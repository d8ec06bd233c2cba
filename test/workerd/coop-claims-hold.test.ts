import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { payWaitingClaims } from "~/coop/claim-decisions.server";
import { fundStanding } from "~/coop/fund.server";
import { closeProposal } from "~/coop/close.server";
import { formatPesos } from "~/money/money";
import worker from "../../workers/app";
import { api, ORIGIN, signedIn } from "./helpers";

/**
 * Claims hold the member benefits fund (decision 0215): a claim may ask only for what no other
 * claim holds, a rider has at most two claims waiting, no claim opens a vote the fund could not
 * pay, and a passed claim the fund cannot pay waits for funds, visibly, until the cron pays it.
 * Own world: the fund and what claims hold are whole-database figures; this file starts from an
 * empty fund.
 */

type Caller = Awaited<ReturnType<typeof signedIn>>;

const rider = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { riderApprovedAt: new Date(), ...overrides });
const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  rider({ memberSince: new Date(Date.now() - 86_400_000), ...overrides });

let fundDay = 0;
/** Money into the fund as the daily totals book it (centavos), on a day of its own. */
async function fundIn(centavos: number) {
  fundDay += 1;
  const day = new Date(Date.UTC(2024, 0, fundDay)).toISOString().slice(0, 10);
  await env.DB.prepare("INSERT INTO daily_totals (day, member_benefits_share) VALUES (?1, ?2)")
    .bind(day, centavos)
    .run();
}

/** Files a claim by the API (no photo): the answer's status and JSON. */
async function file(
  caller: Caller,
  amount: string,
  { kind = "accident", language }: { kind?: string; language?: "fil" } = {},
) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("amount", amount);
  form.set("note", "Sideswiped on EDSA; clinic bill attached.");
  const headers: Record<string, string> = { Origin: ORIGIN, Cookie: caller.cookie };
  if (language) headers["Accept-Language"] = language;
  const answer = await SELF.fetch(`${ORIGIN}/api/coop/claims`, { method: "POST", body: form, headers });
  const text = await answer.text();
  return { status: answer.status, text, json: JSON.parse(text) as Record<string, any> };
}

async function fileOk(caller: Caller, amount: string) {
  const answer = await file(caller, amount);
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { id: string; status: string; proposalId: string | null };
}

const decide = (admin: Caller, id: string, body: unknown) =>
  api(`/api/admin/claims/${id}/decision`, { cookie: admin.cookie, body });
const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;
const claimRow = (id: string) =>
  env.DB.prepare("SELECT status, decided_at FROM fund_claims WHERE id = ?1")
    .bind(id)
    .first<{ status: string; decided_at: number | null }>();
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
const page = async (path: string, caller: Caller, language?: "fil") => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: { Cookie: caller.cookie, ...(language ? { "Accept-Language": language } : {}) },
  });
  return { status: response.status, html: shown(await response.text()) };
};

/** The fund's whole standing, and that no claim or payout ever took it below ₱0. */
async function standing() {
  const fund = await fundStanding(env.DB);
  expect(fund.balance).toBeGreaterThanOrEqual(0);
  return fund;
}

/** A payout proposal of a claim filed before claims held the fund (as migration 0192 found them): in the vote, larger than the fund. */
async function claimInVoteFiledBefore(claimant: Caller, amount: number) {
  const id = crypto.randomUUID();
  const proposalId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO proposals (id, kind, title, body, payload, opened_by, opened_at, closes_at, entitled) VALUES (?1, 'payout', 'Member benefit claim: accident', '', ?2, ?3, ?4, ?5, 1)`,
    ).bind(
      proposalId,
      JSON.stringify({ amount, purpose: "Member benefit claim (accident)", claimId: id }),
      claimant.user.id,
      Date.now() - 8 * 86_400_000,
      Date.now() + 86_400_000,
    ),
    env.DB.prepare(
      "INSERT INTO fund_claims (id, claimant_id, kind, amount, note, status, proposal_id, filed_at) VALUES (?1, ?2, 'accident', ?3, 'Filed before claims held the fund.', 'in_vote', ?4, ?5)",
    ).bind(id, claimant.user.id, amount, proposalId, Date.now() - 8 * 86_400_000),
  ]);
  return { id, proposalId };
}

/** One member votes `choice` (quorum 1), the voting time ends, and two closes race: one closes it. */
async function voteAndClose(proposalId: string, choice: "yes" | "no" | null) {
  await env.DB.prepare("UPDATE proposals SET entitled = 1 WHERE id = ?1").bind(proposalId).run();
  if (choice)
    expect(
      (
        await api(`/api/proposals/${proposalId}/ballot`, {
          method: "PUT",
          cookie: (await member()).cookie,
          body: { choice },
        })
      ).status,
    ).toBe(200);
  await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
    .bind(proposalId, Date.now() - 1000)
    .run();
  const closes = await Promise.all([closeProposal(env.DB, proposalId), closeProposal(env.DB, proposalId)]);
  expect(closes.filter((close) => close.closed)).toHaveLength(1);
}

async function runCron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const bell = async (caller: Caller) =>
  (await api("/api/notifications", { cookie: caller.cookie })).json.notifications as {
    kind: string;
    title: string;
    body: string;
    url: string;
  }[];

describe("a claim asks only for what no claim holds of the fund", { timeout: 30_000 }, () => {
  it("the case found: five ₱99,999 claims against ₱59.58 are each refused on the amount with the reason (both languages); nothing is stored, no vote opens, nobody is told", async () => {
    await fundIn(5_958);
    expect(await standing()).toMatchObject({ balance: 5_958, held: 0, free: 5_958 });
    const claimant = await rider();
    const suspended = await rider({ riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" });
    const notificationsBefore = await count("SELECT count(*) AS n FROM notifications");
    const proposalsBefore = await count("SELECT count(*) AS n FROM proposals");
    for (let n = 0; n < 5; n += 1) {
      const refused = await file(claimant, "99999");
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json).toMatchObject({ code: "server.claims.overFund", field: "amount" });
      expect(refused.json.error).toBe(
        "The member benefits fund holds ₱59.58, so a claim can be at most ₱59.58. Enter ₱59.58 or less.",
      );
      expect(refused.json.errors.amount).toEqual([refused.json.error]);
      const inFilipino = await file(claimant, "99999", { language: "fil" });
      expect(inFilipino.json.error).toBe(
        "₱59.58 ang laman ng member benefits fund, kaya hanggang ₱59.58 lang ang claim. Maglagay ng ₱59.58 o mas mababa.",
      );
      // A suspended rider files nothing at all: no rider function while suspended.
      const barred = await file(suspended, "99999");
      expect(barred.status).toBe(403);
      expect(barred.json.error).toBe("Your rider account is suspended: Late remittance");
    }
    expect(await count("SELECT count(*) AS n FROM fund_claims")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM proposals")).toBe(proposalsBefore);
    expect(await count("SELECT count(*) AS n FROM notifications")).toBe(notificationsBefore);
    expect((await env.ID_DOCUMENTS.list({ prefix: "claims/" })).objects).toHaveLength(0);
    // As the same payout opened as a proposal is.
    const payout = await api("/api/proposals", {
      cookie: (await member()).cookie,
      body: { kind: "payout", title: "Aid", amount: 99_999, purpose: "Aid" },
    });
    expect(payout.status).toBe(400);
    expect(payout.json.code).toBe("server.governance.payoutOverFund");
    // The whole of it may be claimed.
    expect((await fileOk(claimant, "59.58")).status).toBe("pending");
    const admin = await signedIn("admin");
    const [claim] = (await api("/api/coop/claims?status=pending", { cookie: admin.cookie })).json.claims;
    expect((await decide(admin, claim.id, { decision: "reject", reason: "A test of the whole fund." })).status).toBe(
      200,
    );
    expect(await standing()).toMatchObject({ balance: 5_958, held: 0 });
  });

  it("each claim filed holds its amount until it is decided: the next may ask only for the rest, and a payout proposal too", async () => {
    const admin = await signedIn("admin");
    const { free } = await standing();
    const [first, second, third] = [await rider(), await rider(), await rider()];
    const big = Math.floor(free * 0.7);
    const held = await fileOk(first, (big / 100).toFixed(2));
    const over = await file(second, ((free - big + 1) / 100).toFixed(2));
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ code: "server.claims.overFundHeld", field: "amount" });
    expect(over.json.error).toBe(
      `The member benefits fund holds ${formatPesos(free)}, and ${formatPesos(big)} of it is kept for claims already filed. A new claim can be at most ${formatPesos(free - big)}: enter ${formatPesos(free - big)} or less.`,
    );
    expect((await file(second, ((free - big + 1) / 100).toFixed(2), { language: "fil" })).json.error).toContain(
      `at ${formatPesos(big)} nito ay nakalaan sa mga claim na naka-file na`,
    );
    await fileOk(second, ((free - big) / 100).toFixed(2));
    expect(await standing()).toMatchObject({ free: 0, held: free });
    const empty = await file(third, "1");
    expect(empty.json).toMatchObject({ code: "server.claims.fundEmpty", field: "amount" });
    expect(empty.json.error).toBe(
      `The member benefits fund cannot take a new claim now: it holds ${formatPesos(free)}, and ${formatPesos(free)} of it is kept for claims already filed. Try again when deliveries have paid more into it.`,
    );
    const payout = await api("/api/proposals", {
      cookie: (await member()).cookie,
      body: { kind: "payout", title: "Aid", amount: 1, purpose: "Aid" },
    });
    expect(payout.status).toBe(400);
    expect(payout.json).toMatchObject({ code: "server.governance.payoutOverFree", field: "amount" });
    expect(payout.json.error).toBe(
      `The member benefits fund holds ${formatPesos(free)}, and ${formatPesos(free)} of it is kept for claims filed and not yet paid. A payout can be at most ₱0.00: enter ₱0.00 or less.`,
    );

    // Declined, the first claim holds nothing: its money is free again.
    expect((await decide(admin, held.id, { decision: "reject", reason: "No clinic receipt." })).status).toBe(200);
    expect((await standing()).free).toBe(big);
    await fileOk(third, "1");
  });

  it("two claims filed at once for the last of the free money: one is filed, the other refused on its amount (checked inside the batch)", async () => {
    await fundIn(100_000);
    const { free } = await standing();
    const amount = ((Math.floor(free / 2) + 1) / 100).toFixed(2);
    const [a, b] = [await rider(), await rider()];
    const answers = await Promise.all([file(a, amount), file(b, amount)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.json.field).toBe("amount");
    const after = await standing();
    expect(after.held).toBeLessThanOrEqual(after.balance);
  });

  it("a rider has at most two claims waiting: a third is refused (409, both languages), also two sent at once; once one is decided, another may be filed", async () => {
    await fundIn(2_000_000);
    const admin = await signedIn("admin");
    const claimant = await rider();
    const first = await fileOk(claimant, "100");
    // Above the co-op's limit: in the members' vote, waiting as much.
    const second = await fileOk(claimant, "6000");
    expect(second.status).toBe("in_vote");
    const proposalsBefore = await count("SELECT count(*) AS n FROM proposals");
    const third = await file(claimant, "7000");
    expect(third.status).toBe(409);
    expect(third.json).toMatchObject({
      code: "server.claims.tooManyWaiting",
      error:
        "You already have 2 claims waiting for a decision or for payment. You can file another once one of them is decided or paid.",
    });
    expect((await file(claimant, "7000", { language: "fil" })).json.error).toBe(
      "May 2 ka nang claim na naghihintay ng pasya o ng bayad. Puwede kang mag-file ulit kapag napagpasyahan o nabayaran na ang isa sa mga ito.",
    );
    expect(await count("SELECT count(*) AS n FROM proposals")).toBe(proposalsBefore);
    expect(await count("SELECT count(*) AS n FROM fund_claims WHERE claimant_id = ?1", claimant.user.id)).toBe(2);

    expect((await decide(admin, first.id, { decision: "approve" })).status).toBe(200);
    const racer = await rider();
    await fileOk(racer, "10");
    const raced = await Promise.all([file(racer, "11"), file(racer, "12")]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await fileOk(claimant, "50")).status).toBe("pending");
  });

  it("a claim above the limit opens its vote only when the fund could pay it; the vote holds the amount, and passed, pays it once", async () => {
    await fundIn(1_000_000);
    const claimant = await rider();
    const { free } = await standing();
    const tooBig = await file(claimant, ((free + 100) / 100).toFixed(2));
    expect(tooBig.status).toBe(400);
    const claim = await fileOk(claimant, "6000");
    expect(claim.status).toBe("in_vote");
    expect((await standing()).free).toBe(free - 600_000);
    await voteAndClose(claim.proposalId!, "yes");
    expect((await claimRow(claim.id))!.status).toBe("approved");
    expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE source_id = ?1", `claim:${claim.id}`)).toBe(1);
    const proposal = await api(`/api/proposals/${claim.proposalId}`, { cookie: claimant.cookie });
    expect(proposal.json).toMatchObject({ result: "passed", booked: true });
    expect((await bell(claimant))[0]).toMatchObject({ title: "Claim approved" });
    expect((await standing()).free).toBe(free - 600_000);
  });
});

describe("a passed claim the fund cannot pay waits for funds", { timeout: 30_000 }, () => {
  it("waits visibly (the claimant's page, the admin's, the fund's; both languages), its claimant told; the cron pays it, once, when the fund can, and tells them", async () => {
    const claimant = await rider({ firstName: "Lorna", lastName: "Waiting" });
    const before = await standing();
    const amount = before.balance + 250_000;
    const claim = await claimInVoteFiledBefore(claimant, amount);
    await voteAndClose(claim.proposalId, "yes");

    const row = await claimRow(claim.id);
    expect(row).toMatchObject({ status: "waiting_funds", decided_at: expect.any(Number) });
    expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE source_id = ?1", `claim:${claim.id}`)).toBe(0);
    expect(await standing()).toMatchObject({ balance: before.balance, owed: amount, owedClaims: 1 });
    const told = await bell(claimant);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: "claim_decided",
      title: "Claim passed: waiting for funds",
      body: `The members passed your accident claim of ${formatPesos(amount)}. The fund cannot pay it yet: it is paid into your balance as money comes in, oldest claims first.`,
      url: "/coop/claims",
    });
    expect((await api(`/api/proposals/${claim.proposalId}`, { cookie: claimant.cookie })).json).toMatchObject({
      result: "passed",
      booked: false,
    });
    expect((await api("/api/coop/claims", { cookie: claimant.cookie })).json.claims[0]).toMatchObject({
      id: claim.id,
      status: "waiting_funds",
    });

    const mine = await page("/coop/claims", claimant);
    expect(mine.html).toContain("Passed: waiting for funds");
    expect(mine.html).toContain(
      "The members passed it. The fund cannot pay it yet: it is paid into your balance as money comes in, oldest claims first.",
    );
    expect((await page("/coop/claims", claimant, "fil")).html).toContain("Pumasa: naghihintay ng pondo");
    const admin = await signedIn("admin");
    const adminPage = await page("/admin/claims", admin);
    const waitingSection = adminPage.html.slice(adminPage.html.indexOf('data-testid="claims-waiting"'));
    expect(waitingSection).toContain("Lorna Waiting");
    expect(adminPage.html).toContain("Passed by the members, waiting for funds");
    expect(adminPage.html).toContain(`${formatPesos(amount)} owed in all.`);
    expect((await page("/admin/claims", admin, "fil")).html).toContain(
      "Pinagtibay ng mga miyembro, naghihintay ng pondo",
    );
    const fundPage = await page("/coop/fund", await member());
    expect(fundPage.html).toContain(`Claims the members passed that wait for funds: 1, ${formatPesos(amount)} in all.`);
    expect((await page("/coop/fund", await member(), "fil")).html).toContain(
      `Mga claim na pinagtibay ng mga miyembro at naghihintay ng pondo: 1, ${formatPesos(amount)} lahat.`,
    );
    const fundApi = await api("/api/coop/fund", { cookie: claimant.cookie });
    expect(fundApi.json).toMatchObject({ waitingForFunds: { claims: 1, amount: amount / 100 } });
    // Not the admin's to decide.
    expect((await decide(admin, claim.id, { decision: "approve" })).json.code).toBe("server.claims.waitingFunds");

    // The fund short: the cron pays nothing, and no new claim may take what the waiting claim is owed.
    await runCron();
    expect((await claimRow(claim.id))!.status).toBe("waiting_funds");
    await fundIn(amount - before.balance - 1);
    expect(await payWaitingClaims(env.DB)).toBe(0);
    expect((await file(await rider(), "1")).json.code).toBe("server.claims.fundEmpty");

    // Enough: paid once by racing runs, with its benefit entry (the fund's movement), told.
    await fundIn(1);
    const runs = await Promise.all([payWaitingClaims(env.DB), payWaitingClaims(env.DB), runCron()]);
    expect(runs[0]! + runs[1]!).toBeLessThanOrEqual(1);
    expect(await claimRow(claim.id)).toMatchObject({ status: "approved", decided_at: row!.decided_at });
    expect(
      await count(
        "SELECT count(*) AS n FROM ledger_entries WHERE source_id = ?1 AND amount = ?2 AND kind = 'benefit' AND rider_id = ?3",
        `claim:${claim.id}`,
        amount,
        claimant.user.id,
      ),
    ).toBe(1);
    expect(await standing()).toMatchObject({ balance: 0, owed: 0, owedClaims: 0 });
    const paid = await bell(claimant);
    expect(paid).toHaveLength(2);
    expect(paid[0]).toMatchObject({
      title: "Claim paid",
      body: `Your accident claim of ${formatPesos(amount)}, passed by the members, is paid and in your balance.`,
      url: "/rider/earnings",
    });
    expect((await api(`/api/proposals/${claim.proposalId}`, { cookie: claimant.cookie })).json).toMatchObject({
      booked: true,
    });
    expect((await api("/api/coop/fund", { cookie: claimant.cookie })).json.movements[0]).toMatchObject({
      id: `claim:${claim.id}`,
      kind: "claim",
      amount: -amount / 100,
    });
    await runCron();
    expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE source_id = ?1", `claim:${claim.id}`)).toBe(1);
    expect(await bell(claimant)).toHaveLength(2);
  });

  it("oldest first: a smaller, younger claim never takes the money an older one waits for", async () => {
    const [older, younger] = [await rider(), await rider()];
    const { balance } = await standing();
    const first = await claimInVoteFiledBefore(older, balance + 50_000);
    const second = await claimInVoteFiledBefore(younger, 10_000);
    await voteAndClose(first.proposalId, "yes");
    expect((await claimRow(first.id))!.status).toBe("waiting_funds");
    await fundIn(10_000);
    await voteAndClose(second.proposalId, "yes");
    // The younger one passed after the older was owed: it waits too, though the fund alone could pay it.
    expect((await claimRow(second.id))!.status).toBe("waiting_funds");
    await fundIn(30_000);
    expect(await payWaitingClaims(env.DB)).toBe(0);
    await fundIn(10_000);
    expect(await payWaitingClaims(env.DB)).toBe(1);
    expect((await claimRow(first.id))!.status).toBe("approved");
    expect((await claimRow(second.id))!.status).toBe("waiting_funds");
    await fundIn(10_000);
    expect(await payWaitingClaims(env.DB)).toBe(1);
    expect((await claimRow(second.id))!.status).toBe("approved");
    expect((await standing()).balance).toBe(0);
  });

  it("a failed or inquorate vote declines the claim and tells its claimant; a passed payout never takes what claims hold", async () => {
    await fundIn(3_000_000);
    for (const choice of ["no", null] as const) {
      const claimant = await rider();
      const claim = await fileOk(claimant, "6000");
      await voteAndClose(claim.proposalId!, choice);
      expect((await claimRow(claim.id))!.status).toBe("rejected");
      expect((await bell(claimant))[0]).toMatchObject({
        kind: "claim_decided",
        title: "Claim not approved",
        body: "Your accident claim of ₱6,000.00 was not approved: the members' vote did not pass it",
      });
      expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE source_id = ?1", `claim:${claim.id}`)).toBe(0);
    }

    // A payout opened while the money was free, then a claim filed: at the close the claim comes first.
    const opener = await member();
    const { free } = await standing();
    const payout = await api("/api/proposals", {
      cookie: opener.cookie,
      body: { kind: "payout", title: "Helmets", amount: free / 100, purpose: "Helmets" },
    });
    expect(payout.status, payout.text).toBe(201);
    await fileOk(await rider(), "100");
    await voteAndClose(payout.json.id, "yes");
    expect(await count("SELECT count(*) AS n FROM fund_payouts WHERE proposal_id = ?1", payout.json.id)).toBe(0);
    const after = await standing();
    expect(after.held).toBeLessThanOrEqual(after.balance);
  });
});
