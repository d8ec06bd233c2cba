import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MOVEMENTS_SQL } from "~/coop/fund.server";
import { CAP_SQL, WEIGHTS_SQL } from "~/coop/surplus.server";
import { closeProposal } from "~/coop/close.server";
import { splitFee } from "~/money/fee-split";
import { formatPesos } from "~/money/money";
import { MANILA_OFFSET_MS } from "~/i18n/manila";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";
import { deliver, book, ledgerOf } from "./ledger-fixtures";

/**
 * The member benefits fund, payouts and surplus returns (decision 0215). Own world
 * (vitest.config.ts OWN_WORLD): the fund's balance is a whole-database figure.
 */

type Caller = Awaited<ReturnType<typeof signedIn>>;

const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", {
    memberSince: new Date(Date.now() - 3 * 365 * 86_400_000),
    riderApprovedAt: new Date(),
    ...overrides,
  });

const fund = async (caller: Caller, query = "") => {
  const answer = await api(`/api/coop/fund${query}`, { cookie: caller.cookie });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as {
    balance: number;
    movements: { id: string; day: string; kind: string; amount: number; label: string }[];
    nextCursor: string | null;
  };
};

const centavos = (pesos: number) => Math.round(pesos * 100);

/** The balance computed here from its parts, not by the app's query: intake − claims paid − payouts. */
async function balanceFromRows(): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT (SELECT coalesce(sum(member_benefits_share), 0) + coalesce(sum(insurance), 0) FROM daily_totals)
          - (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE source_id LIKE 'claim:%')
          - (SELECT coalesce(sum(amount), 0) FROM fund_payouts) AS balance`,
  ).first<{ balance: number }>();
  return row!.balance;
}

/** A delivered delivery of `totalFee` centavos by `rider`, at `at`: its 5% and ₱1 go into the fund. */
async function delivered(riderId: string, totalFee: number, at = Date.now() - 60_000) {
  const customer = await signedIn("user");
  return insertDelivery({
    customerId: customer.user.id,
    ...historyFor("delivered", riderId, at),
    deliveredAt: new Date(at),
    totalFee,
    amountDue: totalFee,
  });
}

/** A claim paid, as the claims module books it (a `benefit` entry, source `claim:{id}`). */
async function claimPaid(riderId: string, amount: number) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at) VALUES (?1, 'benefit', ?2, ?3, ?4)",
  )
    .bind(riderId, amount, `claim:${id}`, Date.now())
    .run();
  return id;
}

async function open(caller: Caller, body: Record<string, unknown>) {
  return api("/api/proposals", { cookie: caller.cookie, body: { title: "A proposal", body: "", ...body } });
}

/** Opened, voted Yes by `voter` with 1 entitled (quorum 1): it passes when closed. */
async function passing(opener: Caller, body: Record<string, unknown>) {
  const opened = await open(opener, body);
  expect(opened.status, opened.text).toBe(201);
  const id = opened.json.id as string;
  await env.DB.prepare("UPDATE proposals SET entitled = 1 WHERE id = ?1").bind(id).run();
  expect(
    (await api(`/api/proposals/${id}/ballot`, { method: "PUT", cookie: opener.cookie, body: { choice: "yes" } }))
      .status,
  ).toBe(200);
  return id;
}

const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe("GET /api/coop/fund", { timeout: 30_000 }, () => {
  it("riders (members or not) and admins read it; customers 403, anonymous 401; a bad cursor or limit 400", async () => {
    const callers: [string, string | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["customer", (await signedIn("user")).cookie, 403],
      ["other customer", (await signedIn("user")).cookie, 403],
      ["rider, not a member", (await signedIn("rider", { riderApprovedAt: new Date() })).cookie, 200],
      ["member", (await member()).cookie, 200],
      ["admin", (await signedIn("admin")).cookie, 200],
    ];
    for (const [who, cookie, status] of callers)
      expect((await api("/api/coop/fund", { cookie })).status, who).toBe(status);
    const admin = await signedIn("admin");
    expect((await api("/api/coop/fund?cursor=nonsense!", { cookie: admin.cookie })).status).toBe(400);
    expect((await api("/api/coop/fund?limit=0", { cookie: admin.cookie })).status).toBe(400);
    expect((await api("/api/coop/fund?limit=101", { cookie: admin.cookie })).json.field).toBe("limit");
  });

  it("a delivery puts its 5% and ₱1 insurance in; a claim paid takes its amount out and shows no name; the admin's figure agrees", async () => {
    const viewer = await member();
    const before = await fund(viewer);
    expect(centavos(before.balance)).toBe(await balanceFromRows());

    const rider = await signedIn("rider", { firstName: "Marites", lastName: "Claimant", riderApprovedAt: new Date() });
    const customer = await signedIn("user");
    const booking = await book(customer, "cash");
    await deliver(rider, booking.id);
    const afterDelivery = await fund(viewer);
    expect(centavos(afterDelivery.balance) - centavos(before.balance)).toBe(
      splitFee(centavos(booking.totalFee)).memberBenefits + 100,
    );
    const today = afterDelivery.movements.find((m) => m.kind === "fees")!;
    expect(today.day).toBe(new Date(Date.now() + MANILA_OFFSET_MS).toISOString().slice(0, 10));
    expect(today.label).toBe("Fees: the 5% member benefits and ₱1 insurance per delivery");

    const claimId = await claimPaid(rider.user.id, 25_050);
    const afterClaim = await api("/api/coop/fund", { cookie: viewer.cookie });
    expect(centavos(afterClaim.json.balance)).toBe(centavos(afterDelivery.balance) - 25_050);
    expect(afterClaim.json.movements[0]).toEqual({
      id: `claim:${claimId}`,
      day: today.day,
      kind: "claim",
      amount: -250.5,
      label: "Claim paid",
    });
    for (const secret of [rider.user.id, "Marites", "Claimant"]) expect(afterClaim.text).not.toContain(secret);
    const inFilipino = await api("/api/coop/fund", { cookie: viewer.cookie, headers: { "Accept-Language": "fil" } });
    expect(inFilipino.json.movements[0].label).toBe("Claim na nabayaran");

    const stats = await api("/api/admin/stats", { cookie: (await signedIn("admin")).cookie });
    expect(stats.json.memberBenefitsFund).toBe(afterClaim.json.balance);
  });

  it("pages newest first without repeats or gaps", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    for (const daysAgo of [40, 20, 3]) await delivered(rider.user.id, 20_000, Date.now() - daysAgo * 86_400_000);
    await claimPaid(rider.user.id, 500);
    await claimPaid(rider.user.id, 700);
    const viewer = await member();
    const seen: { id: string; day: string }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page += 1) {
      const answer = await fund(viewer, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.movements.length).toBeLessThanOrEqual(2);
      seen.push(...answer.movements);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    const expected =
      (await count("SELECT count(*) AS n FROM daily_totals WHERE member_benefits_share + insurance != 0")) +
      (await count("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'benefit'")) +
      (await count("SELECT count(*) AS n FROM fund_payouts"));
    expect(seen).toHaveLength(expected);
    expect(new Set(seen.map((m) => m.id)).size).toBe(expected);
    const days = seen.map((m) => m.day);
    expect(days).toEqual([...days].sort().reverse());
  });
});

describe("payouts", { timeout: 30_000 }, () => {
  it("a payout larger than the fund is refused (400 on amount, the balance in pesos, both languages) and changes nothing", async () => {
    const opener = await member();
    await delivered(opener.user.id, 2_000_000);
    const balance = await balanceFromRows();
    const proposalsBefore = await count("SELECT count(*) AS n FROM proposals");
    const refused = await open(opener, { kind: "payout", amount: (balance + 1) / 100, purpose: "Typhoon aid" });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "server.governance.payoutOverFund", field: "amount" });
    expect(refused.json.error).toBe(
      `The member benefits fund holds ${formatPesos(balance)}. A payout cannot be larger than the fund: enter ${formatPesos(balance)} or less.`,
    );
    expect(refused.json.errors.amount).toEqual([refused.json.error]);
    const fil = await api("/api/proposals", {
      cookie: opener.cookie,
      headers: { "Accept-Language": "fil" },
      body: { kind: "payout", title: "Tulong", amount: (balance + 1) / 100, purpose: "Bagyo" },
    });
    expect(fil.status).toBe(400);
    expect(fil.json.error).toContain(`${formatPesos(balance)} ang laman ng member benefits fund`);
    expect(await count("SELECT count(*) AS n FROM proposals")).toBe(proposalsBefore);
    expect(await balanceFromRows()).toBe(balance);
    // The whole balance is allowed.
    expect((await open(opener, { kind: "payout", amount: balance / 100, purpose: "Typhoon aid" })).status).toBe(201);
  });

  it("passed: booked at the close, the balance lowered by exactly the amount, shown with its title; closing again books nothing", async () => {
    const opener = await member();
    await delivered(opener.user.id, 4_000_000);
    const id = await passing(opener, {
      kind: "payout",
      title: "Flood relief for Marikina riders",
      amount: 1234.56,
      purpose: "Flood relief",
    });
    const before = await fund(opener);
    expect(await closeProposal(env.DB, id)).toMatchObject({
      closed: true,
      result: "passed",
      appliedRef: `payout:${id}`,
    });
    const after = await fund(opener);
    expect(centavos(before.balance) - centavos(after.balance)).toBe(123_456);
    expect(after.movements[0]).toMatchObject({
      id: `payout:${id}`,
      kind: "payout",
      amount: -1234.56,
      label: "Flood relief for Marikina riders",
    });
    expect(await closeProposal(env.DB, id)).toMatchObject({ closed: false });
    expect(await count("SELECT count(*) AS n FROM fund_payouts WHERE proposal_id = ?1", id)).toBe(1);
    expect(centavos((await fund(opener)).balance)).toBe(centavos(after.balance));
    const read = await api(`/api/proposals/${id}`, { cookie: opener.cookie });
    expect(read.json).toMatchObject({ result: "passed", payout: { amount: 1234.56 }, booked: true });
  });

  it("closes racing each other (Promise.all) book it once", async () => {
    const opener = await member();
    await delivered(opener.user.id, 4_000_000);
    const id = await passing(opener, {
      kind: "payout",
      title: "Helmets",
      amount: 700,
      purpose: "Helmets for new members",
    });
    const before = await balanceFromRows();
    const outcomes = await Promise.all([
      closeProposal(env.DB, id),
      closeProposal(env.DB, id),
      closeProposal(env.DB, id),
    ]);
    expect(outcomes.filter((o) => o.closed)).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM fund_payouts WHERE proposal_id = ?1", id)).toBe(1);
    expect(before - (await balanceFromRows())).toBe(70_000);
    expect(
      await count(
        "SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND url = ?2",
        opener.user.id,
        `/coop/proposals/${id}`,
      ),
    ).toBe(1);
  });

  it("a passed payout the fund no longer covers at the close is recorded as passed, not booked, and the fund is untouched", async () => {
    const opener = await member();
    await delivered(opener.user.id, 1_000_000);
    const balance = await balanceFromRows();
    const id = await passing(opener, {
      kind: "payout",
      title: "Everything",
      amount: balance / 100,
      purpose: "All of it",
    });
    await claimPaid(opener.user.id, 1);
    const afterClaim = await balanceFromRows();
    expect(await closeProposal(env.DB, id)).toMatchObject({ closed: true, result: "passed", appliedRef: null });
    expect(await count("SELECT count(*) AS n FROM fund_payouts WHERE proposal_id = ?1", id)).toBe(0);
    expect(await balanceFromRows()).toBe(afterClaim);
    const stored = await env.DB.prepare("SELECT result, applied_ref FROM proposals WHERE id = ?1").bind(id).first();
    expect(stored).toEqual({ result: "passed", applied_ref: null });
    expect((await api(`/api/proposals/${id}`, { cookie: opener.cookie })).json).toMatchObject({
      result: "passed",
      booked: false,
    });
  });
});

describe("surplus returns", { timeout: 30_000 }, () => {
  const year = new Date(Date.now() + MANILA_OFFSET_MS).getUTCFullYear() - 1;
  const at = (month: number, day: number) => Date.UTC(year, month - 1, day, 4) - MANILA_OFFSET_MS;
  const FARE = 13_600;
  const OPS = splitFee(FARE).operations;

  it("capped at the period's operations share (400 on amount with the most allowed); passed, split by deliveries to the centavo, each member's balance up by their part; closing twice books once", async () => {
    const [a, b, idle] = [await member(), await member(), await member()];
    const joined = await member({ memberSince: new Date(at(3, 15)) });
    const outsider = await signedIn("rider", { riderApprovedAt: new Date() });
    for (const [rider, day] of [
      [a, 2],
      [a, 9],
      [a, 20],
      [b, 4],
      [outsider, 5],
      [outsider, 6],
      [joined, 10],
      [joined, 16],
      [joined, 28],
    ] as const) {
      await delivered(rider.user.id, FARE, at(3, day));
    }
    const cap = 9 * OPS;
    const period = { kind: "month", start: `${year}-03-01` };
    const over = await open(a, { kind: "surplus_return", period, amount: (cap + 1) / 100 });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ code: "server.governance.surplusOverCap", field: "amount" });
    expect(over.json.error).toBe(
      `A surplus return for this period can be at most ${formatPesos(cap)}: the operations share earned in it, less what earlier returns for it took.`,
    );
    const fil = await api("/api/proposals", {
      cookie: a.cookie,
      headers: { "Accept-Language": "fil" },
      body: { kind: "surplus_return", title: "Balik", period, amount: (cap + 1) / 100 },
    });
    expect(fil.json.error).toContain(`Hanggang ${formatPesos(cap)} lang`);

    const id = await passing(a, { kind: "surplus_return", title: "March return", period, amount: 100 });
    const balances = new Map<string, number>();
    for (const rider of [a, b, idle, joined, outsider]) balances.set(rider.user.id, (await ledgerOf(rider)).balance);
    const outcomes = await Promise.all([closeProposal(env.DB, id), closeProposal(env.DB, id)]);
    expect(outcomes.filter((o) => o.closed)).toHaveLength(1);
    expect(await closeProposal(env.DB, id)).toMatchObject({ closed: false });

    // Weights: a 3, b 1, joined 2 (its delivery before membership does not count); idle and the outsider nothing.
    // 10,000 centavos / 6: a 5,000; b 1,666.67; joined 3,333.33 → floors 9,999, the last centavo to b (larger remainder).
    const expected = new Map([
      [a.user.id, 5_000],
      [b.user.id, 1_667],
      [joined.user.id, 3_333],
      [idle.user.id, 0],
      [outsider.user.id, 0],
    ]);
    const { results } = await env.DB.prepare(
      "SELECT rider_id, amount, source_id FROM ledger_entries WHERE kind = 'patronage' AND source_id LIKE ?1",
    )
      .bind(`patronage:${id}:%`)
      .all<{ rider_id: string; amount: number; source_id: string }>();
    expect(results).toHaveLength(3);
    expect(results.reduce((sum, row) => sum + row.amount, 0)).toBe(10_000);
    for (const row of results) {
      expect(row.amount).toBe(expected.get(row.rider_id));
      expect(row.source_id).toBe(`patronage:${id}:${row.rider_id}`);
    }
    for (const rider of [a, b, idle, joined, outsider]) {
      const ledger = await ledgerOf(rider);
      expect(centavos(ledger.balance) - centavos(balances.get(rider.user.id)!), rider.user.id).toBe(
        expected.get(rider.user.id),
      );
      const returned = ledger.entries.filter((entry) => entry.kind === "patronage");
      if (expected.get(rider.user.id)! > 0)
        expect(returned).toMatchObject([
          { amount: expected.get(rider.user.id)! / 100, note: `Surplus return for ${year}-03-01 to ${year}-03-31` },
        ]);
      else expect(returned).toEqual([]);
    }
    const inFilipino = await api("/api/rider/ledger", { cookie: a.cookie, headers: { "Accept-Language": "fil" } });
    expect(inFilipino.json.entries.find((entry: { kind: string }) => entry.kind === "patronage").note).toBe(
      `Pagbabalik ng surplus para sa ${year}-03-01 hanggang ${year}-03-31`,
    );
    const stored = await env.DB.prepare("SELECT applied_ref FROM proposals WHERE id = ?1").bind(id).first();
    expect(stored).toEqual({ applied_ref: `surplus:${id}` });
    expect(
      await env.DB.prepare(
        "SELECT period_start, period_end, amount, members FROM surplus_returns WHERE proposal_id = ?1",
      )
        .bind(id)
        .first(),
    ).toEqual({
      period_start: `${year}-03-01`,
      period_end: `${year}-04-01`,
      amount: 10_000,
      members: 3,
    });

    // The quarter holding March: its operations share less the March return.
    const quarter = { kind: "quarter", start: `${year}-01-01` };
    const left = cap - 10_000;
    const refused = await open(a, { kind: "surplus_return", period: quarter, amount: (left + 1) / 100 });
    expect(refused.status).toBe(400);
    expect(refused.json.values.most).toBe(formatPesos(left));
    expect((await open(a, { kind: "surplus_return", period: quarter, amount: left / 100 })).status).toBe(201);
  });

  it("two returns open for one period: the second to close is over the cap by then, so it is recorded as passed and books nothing", async () => {
    const a = await member();
    for (const day of [3, 4]) await delivered(a.user.id, FARE, at(5, day));
    const period = { kind: "month", start: `${year}-05-01` };
    const first = await passing(a, { kind: "surplus_return", title: "May return", period, amount: 20 });
    const second = await passing(a, { kind: "surplus_return", title: "May return again", period, amount: 20 });
    expect(await closeProposal(env.DB, first)).toMatchObject({ result: "passed", appliedRef: `surplus:${first}` });
    expect(await closeProposal(env.DB, second)).toMatchObject({ closed: true, result: "passed", appliedRef: null });
    expect(
      await count("SELECT count(*) AS n FROM ledger_entries WHERE source_id LIKE ?1", `patronage:${second}:%`),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM surplus_returns WHERE proposal_id = ?1", second)).toBe(0);
  });

  it("nobody who was a member delivered in the period: passed, nothing booked", async () => {
    const opener = await member();
    const outsider = await signedIn("rider", { riderApprovedAt: new Date() });
    await delivered(outsider.user.id, FARE, at(7, 8));
    const id = await passing(opener, {
      kind: "surplus_return",
      title: "July return",
      period: { kind: "month", start: `${year}-07-01` },
      amount: 5,
    });
    expect(await closeProposal(env.DB, id)).toMatchObject({ closed: true, result: "passed", appliedRef: null });
    expect(
      await count(
        "SELECT count(*) AS n FROM ledger_entries WHERE kind = 'patronage' AND source_id LIKE ?1",
        `patronage:${id}:%`,
      ),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM surplus_returns WHERE proposal_id = ?1", id)).toBe(0);
    expect((await api(`/api/proposals/${id}`, { cookie: opener.cookie })).json).toMatchObject({
      result: "passed",
      booked: false,
    });
  });
});

describe("the fund's queries use their indexes", () => {
  it("EXPLAIN QUERY PLAN: movements, the surplus cap and the patronage weights search indexes, never a whole ledger or deliveries scan", async () => {
    const plan = async (sql: string, ...params: unknown[]) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join("\n");
    const movements = await plan(MOVEMENTS_SQL, Date.now(), "x", "2026-11-27", 21);
    expect(movements).toMatch(/SEARCH daily_totals USING INDEX sqlite_autoindex_daily_totals_1 \(day<\?\)/);
    expect(movements).toMatch(
      /SEARCH ledger_entries USING COVERING INDEX ledger_entries_kind_at_idx \(kind=\? AND at<\?\)/,
    );
    expect(movements).toMatch(/(SCAN|SEARCH) f USING COVERING INDEX fund_payouts_booked_idx/);
    expect(movements).not.toMatch(/SCAN ledger_entries\b(?! USING)/);
    const cap = await plan(CAP_SQL, "2026-01-01", "2026-04-01");
    expect(cap).toMatch(/SEARCH daily_totals USING INDEX sqlite_autoindex_daily_totals_1 \(day>\? AND day<\?\)/);
    expect(cap).toMatch(/SEARCH surplus_returns USING COVERING INDEX surplus_returns_period_idx \(period_start<\?\)/);
    const weights = await plan(WEIGHTS_SQL, 0, Date.now());
    expect(weights).toMatch(
      /SEARCH d USING COVERING INDEX deliveries_delivered_fee_idx \(delivered_at>\? AND delivered_at<\?\)/,
    );
    expect(weights).toMatch(/SEARCH u USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
  });
});
