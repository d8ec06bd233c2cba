import type { ClaimKind, ProposalResult, User } from "~/db/schema";
import { CLAIMS_OWED_SQL, fundStanding, FUND_BALANCE_SQL, type FundStanding } from "./fund.server";
import { Refusal } from "~/http/refusal";
import { encodeMessage, word } from "~/i18n/message";
import { formatPesos, type Centavos } from "~/money/money";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert, type NotificationContent } from "~/notifications/notifications.server";
import type { ClaimDecision } from "./claim-schemas";
import { getClaim, type ClaimRecord } from "./claims.server";

/**
 * Deciding claims on the member benefits fund and paying them (decision 0215): an admin's
 * decision on a claim within the approval limit, the members' vote on a larger one at its close,
 * and the cron's payment of passed claims that waited for funds. Each payment is one batch: its
 * guarded UPDATE, the claimant's `benefit` ledger entry and their notification.
 */

// ---------------------------------------------------------------------------------------------
// Deciding
// ---------------------------------------------------------------------------------------------

/** Why a claim cannot be decided now (409), or 404. */
function undecidable(claim: ClaimRecord): Refusal {
  if (claim.status === "in_vote") return new Refusal(409, "server.claims.inVote");
  if (claim.status === "waiting_funds") return new Refusal(409, "server.claims.waitingFunds");
  return new Refusal(
    409,
    claim.status === "approved" ? "server.claims.alreadyApproved" : "server.claims.alreadyRejected",
  );
}

/** The fund cannot pay this claim now: what it holds, less what passed claims waiting for funds are owed. */
const fundTooSmall = ({ balance, owed }: Pick<FundStanding, "balance" | "owed">, amount: Centavos) =>
  owed > 0
    ? new Refusal(409, "server.claims.fundTooSmallOwed", {
        amount: formatPesos(amount),
        balance: formatPesos(Math.max(0, balance)),
        owed: formatPesos(owed),
      })
    : new Refusal(409, "server.claims.fundTooSmall", {
        amount: formatPesos(amount),
        balance: formatPesos(Math.max(0, balance)),
      });

/** A claim's `benefit` entry's note, in the reader's language when it is shown. */
const benefitNote = (kind: ClaimKind) =>
  encodeMessage("server.ledger.note.claim", { kind: word(`server.claims.kind.${kind}`) });

/**
 * An admin approves or rejects a pending claim. Approving is one batch: the guarded UPDATE
 * (`status = 'pending'`, and the fund still covering the amount without the money owed to claims
 * waiting for funds), the `benefit` entry (only when the UPDATE changed the claim) and the
 * claimant's notification. Two approvals at once book once; the second is told the claim is
 * already approved. A claim in the members' vote or waiting for funds is not an admin's to decide (409).
 */
export async function decideClaim(
  env: Pick<Env, "DB">,
  admin: Pick<User, "id">,
  id: string,
  decision: ClaimDecision,
  { now = Date.now() }: { now?: number } = {},
): Promise<ClaimRecord> {
  const d1 = env.DB;
  const claim = await getClaim(d1, id);
  if (claim.status !== "pending") throw undecidable(claim);
  const reason = decision.reason && decision.reason.length > 0 ? decision.reason : null;
  const content = notificationMessages.claimDecided(
    { kind: claim.kind, amount: claim.amount },
    decision.decision === "approve",
    reason,
  );
  if (decision.decision === "reject") {
    const [update] = await d1.batch([
      d1
        .prepare(
          "UPDATE fund_claims SET status = 'rejected', decided_at = ?2, decided_by = ?3, reason = ?4 WHERE id = ?1 AND status = 'pending'",
        )
        .bind(id, now, admin.id, reason),
      notificationInsert(d1, { userId: claim.claimant.id }, content, { now }),
    ]);
    if ((update?.meta.changes ?? 0) === 0) throw undecidable(await getClaim(d1, id));
    return getClaim(d1, id);
  }
  const fund = await fundStanding(d1);
  if (fund.balance - fund.owed < claim.amount) throw fundTooSmall(fund, claim.amount);
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE fund_claims SET status = 'approved', decided_at = ?2, decided_by = ?3, reason = ?4
         WHERE id = ?1 AND status = 'pending' AND ${FUND_BALANCE_SQL} - ${CLAIMS_OWED_SQL} >= amount`,
      )
      .bind(id, now, admin.id, reason),
    // Only when the UPDATE above decided the claim: the same batch, so both happen or neither.
    d1
      .prepare(
        `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note, created_by)
         SELECT claimant_id, 'benefit', amount, 'claim:' || id, ?2, ?3, ?4 FROM fund_claims WHERE id = ?1 AND changes() > 0`,
      )
      .bind(id, now, benefitNote(claim.kind), admin.id),
    notificationInsert(d1, { userId: claim.claimant.id }, content, { now }),
  ]);
  if ((update?.meta.changes ?? 0) === 0) {
    const current = await getClaim(d1, id);
    if (current.status !== "pending") throw undecidable(current);
    throw fundTooSmall(await fundStanding(d1), claim.amount);
  }
  return getClaim(d1, id);
}

// ---------------------------------------------------------------------------------------------
// The members' vote on a claim above the limit, and claims waiting for funds
// ---------------------------------------------------------------------------------------------

interface ClaimToPay {
  id: string;
  claimant_id: string;
  kind: ClaimKind;
  amount: number;
  proposal_id: string | null;
}

/**
 * Paying a claim the members passed, for a batch: the guarded UPDATE to `approved` (`when`: SQL
 * over the claim's row, with ?1 its id and ?2 the time), its `benefit` entry and the claimant's
 * notification (each only when the statement before it changed a row), and its proposal's
 * `applied_ref` naming the claim once its entry exists. `source_id` is unique: paid once, whatever path.
 */
function payStatements(
  d1: D1Database,
  claim: ClaimToPay,
  when: string,
  content: NotificationContent,
  now: number,
  binds: unknown[] = [],
): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE fund_claims SET status = 'approved', decided_at = coalesce(decided_at, ?2) WHERE id = ?1 AND ${when}`,
      )
      .bind(claim.id, now, ...binds),
    d1
      .prepare(
        `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note)
         SELECT claimant_id, 'benefit', amount, 'claim:' || id, ?2, ?3 FROM fund_claims WHERE id = ?1 AND changes() > 0`,
      )
      .bind(claim.id, now, benefitNote(claim.kind)),
    notificationInsert(d1, { userId: claim.claimant_id }, content, { now }),
    d1
      .prepare(
        "UPDATE proposals SET applied_ref = 'claim:' || ?1 WHERE id = ?2 AND applied_ref IS NULL AND EXISTS (SELECT 1 FROM ledger_entries WHERE source_id = 'claim:' || ?1)",
      )
      .bind(claim.id, claim.proposal_id),
  ];
}

/**
 * What the close of a claim's payout proposal does to the claim (app/coop/close.server.ts
 * puts these statements LAST in its batch; decision 0215):
 * - passed, and the fund covers it without the money owed to claims already waiting for funds: the
 *   claim is approved, its `benefit` entry booked, its proposal's applied_ref names it, the
 *   claimant is told;
 * - passed, and it does not: the claim waits for funds (`waiting_funds`, from this close) and the
 *   claimant is told so; `payWaitingClaims` pays it when the fund can;
 * - failed or inquorate: the claim is declined (`rejected`) and the claimant is told the members'
 *   vote did not pass it.
 * Each statement is guarded by the proposal being closed by this call (its close_id) and the claim
 * still `in_vote`, so closing twice decides once. No claim for the proposal: no statements.
 */
export async function claimVoteStatements(
  d1: D1Database,
  proposalId: string,
  closeId: string,
  result: ProposalResult,
  now: number,
): Promise<D1PreparedStatement[]> {
  const claim = await d1
    .prepare(
      "SELECT id, claimant_id, kind, amount, proposal_id FROM fund_claims WHERE proposal_id = ?1 AND status = 'in_vote'",
    )
    .bind(proposalId)
    .first<ClaimToPay>();
  if (!claim) return [];
  const facts = { kind: claim.kind, amount: claim.amount };
  // Only for the call that closed the proposal (its close_id, app/coop/close.server.ts).
  const closedNow = "EXISTS (SELECT 1 FROM proposals WHERE id = ?2 AND close_id = ?4)";
  if (result !== "passed") {
    return [
      d1
        .prepare(
          `UPDATE fund_claims SET status = 'rejected', decided_at = ?3 WHERE id = ?1 AND status = 'in_vote' AND ${closedNow}`,
        )
        .bind(claim.id, proposalId, now, closeId),
      notificationInsert(
        d1,
        { userId: claim.claimant_id },
        notificationMessages.claimDecided(facts, false, word("server.claims.voteFailed")),
        { now },
      ),
    ];
  }
  const fund = await fundStanding(d1);
  if (fund.balance - fund.owed < claim.amount)
    console.error("claims: a claim the members passed is larger than what the fund can pay now; it waits for funds");
  const closedByThisCall = "EXISTS (SELECT 1 FROM proposals WHERE id = ?3 AND close_id = ?4)";
  return [
    ...payStatements(
      d1,
      claim,
      `status = 'in_vote' AND ${closedByThisCall} AND ${FUND_BALANCE_SQL} - ${CLAIMS_OWED_SQL} >= amount`,
      notificationMessages.claimDecided(facts, true, null),
      now,
      [proposalId, closeId],
    ),
    // Not paid above: it waits for funds, from this close (the order in which waiting claims are paid).
    d1
      .prepare(
        `UPDATE fund_claims SET status = 'waiting_funds', decided_at = ?3 WHERE id = ?1 AND status = 'in_vote' AND ${closedNow}`,
      )
      .bind(claim.id, proposalId, now, closeId),
    notificationInsert(d1, { userId: claim.claimant_id }, notificationMessages.claimWaiting(facts), { now }),
  ];
}

/**
 * The cron's part (workers/app.ts): pays the claims waiting for funds, oldest first (by when their
 * vote passed), in one batch. A claim is paid only while the fund covers it without the money owed
 * to the claims waiting before it, so a small claim never overtakes a larger, older one; each is
 * paid with its `benefit` entry (the fund's movement), its proposal's applied_ref and the
 * claimant's notification, under the guard `status = 'waiting_funds'`: running twice, or at the
 * same time, pays once. Answers how many were paid.
 */
export async function payWaitingClaims(d1: D1Database, now = Date.now()): Promise<number> {
  const { results } = await d1
    .prepare(
      "SELECT id, claimant_id, kind, amount, proposal_id FROM fund_claims WHERE status = 'waiting_funds' ORDER BY decided_at, id LIMIT 50",
    )
    .all<ClaimToPay>();
  const first = results[0];
  // The oldest comes first: while the fund cannot pay it, it cannot pay any of them.
  if (!first || (await fundStanding(d1)).balance < first.amount) return 0;
  const ahead = `(SELECT coalesce(sum(o.amount), 0) FROM fund_claims AS o WHERE o.status = 'waiting_funds'
    AND (o.decided_at < fund_claims.decided_at OR (o.decided_at = fund_claims.decided_at AND o.id < fund_claims.id)))`;
  const perClaim = results.map((claim) =>
    payStatements(
      d1,
      claim,
      `status = 'waiting_funds' AND ${FUND_BALANCE_SQL} - ${ahead} >= amount`,
      notificationMessages.claimPaid({ kind: claim.kind, amount: claim.amount }),
      now,
    ),
  );
  const answers = await d1.batch(perClaim.flat());
  // Each claim's first statement is its guarded UPDATE: it changed a row when the claim was paid.
  let paid = 0;
  let at = 0;
  for (const statements of perClaim) {
    if ((answers[at]?.meta.changes ?? 0) > 0) paid += 1;
    at += statements.length;
  }
  return paid;
}
