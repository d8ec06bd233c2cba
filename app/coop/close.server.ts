import { claimVoteStatements } from "./claim-decisions.server";
import { payoutStatements } from "./fund.server";
import { patronageParts, surplusPeriod, surplusStatements, type SurplusPeriodKind } from "./surplus.server";
import type { BallotChoice, ProposalResult } from "~/db/schema";
import type { Centavos } from "~/money/money";
import { encodeNotificationMessage } from "~/notifications/notifications.server";
import { storedTextValue } from "~/i18n/stored-text.server";
import { notificationMessages } from "~/notifications/notification-messages";
import { settingsBodySchema, settingsToBody } from "~/settings/settings-schema";
import { NEWEST_VERSION_SQL, newestSettings } from "~/settings/settings.server";
import { resultOf, totalsFrom, VOTER_SQL, type Totals } from "./governance-rules";
import { applyLeafChanges, type LeafChange } from "./settings-proposal";

/**
 * The close of a proposal (decision 0216), run by the cron each minute for proposals due.
 *
 * One D1 batch, each statement after the first acting only where the first closed the proposal:
 * 1. the guarded UPDATE (`WHERE closed_at IS NULL`, and the totals still as read) writes the
 *    totals and the result: only one call can close a proposal, and only with the ballots it counted;
 * 2. for a passed settings proposal, the new settings version (made by the proposal): the voted
 *    values set on the newest version, written only while that is still the newest (the UPDATE of
 *    1 checks it too, so the close and its version are one step); when an admin's save came in
 *    between, the close reads the newest version again and tries again (decision 0219). Then the
 *    proposal's `applied_ref` naming it;
 * 3. for a passed payout, its row in `fund_payouts` while the fund covers it (app/coop/fund.server.ts);
 *    for a passed surplus return, its row in `surplus_returns` while still within its cap and a
 *    `patronage` ledger entry per member-owner's part (app/coop/surplus.server.ts); applied_ref
 *    names what was booked (decision 0215);
 * 4. the notification of the result to every member-owner and admin.
 * The UPDATE writes a token of this call (`close_id`); statements 3 and 4 act only where the proposal
 * carries it, so a call that finds the proposal already closed, or loses a race, changes nothing:
 * closing twice books once. A passed payout the fund no longer covers, or a return over its cap or
 * with nobody to share it, is recorded as passed, not booked (applied_ref null), and logged.
 */
export interface CloseOutcome {
  closed: boolean;
  result: ProposalResult | null;
  totals: Totals;
  settingsVersion: number | null;
  /** What a passed proposal booked or made: `settings:{id}`, `payout:{id}`, `surplus:{id}`; else null. */
  appliedRef: string | null;
}

interface DueRow {
  id: string;
  kind: string;
  title: string;
  payload: string;
  entitled: number;
  closes_at: number;
  closed_at: number | null;
}

/** How many times a close tries again when a settings version came in between; then the next minute's cron does. */
const CLOSE_ATTEMPTS = 5;

export async function closeProposal(d1: D1Database, proposalId: string, now = Date.now()): Promise<CloseOutcome> {
  for (let attempt = 1; ; attempt++) {
    const tried = await tryClose(d1, proposalId, now);
    if (tried !== "settings moved") return tried;
    if (attempt >= CLOSE_ATTEMPTS) {
      console.error(
        `governance: proposal ${proposalId}: the settings kept changing during its close; the next cron run closes it`,
      );
      return NOTHING();
    }
  }
}

const NOTHING = (totals: Totals = { yes: 0, no: 0, abstain: 0 }): CloseOutcome => ({
  closed: false,
  result: null,
  totals,
  settingsVersion: null,
  appliedRef: null,
});

/** One attempt: the outcome, or "settings moved" when a settings version came in between the read and the batch. */
async function tryClose(d1: D1Database, proposalId: string, now: number): Promise<CloseOutcome | "settings moved"> {
  const proposal = await d1
    .prepare("SELECT id, kind, title, payload, entitled, closes_at, closed_at FROM proposals WHERE id = ?1")
    .bind(proposalId)
    .first<DueRow>();
  if (!proposal || proposal.closed_at !== null) return NOTHING();
  const { results } = await d1
    .prepare("SELECT choice, count(*) AS n FROM proposal_ballots WHERE proposal_id = ?1 GROUP BY choice")
    .bind(proposalId)
    .all<{ choice: BallotChoice; n: number }>();
  const totals = totalsFrom(results);
  const result = resultOf(totals, proposal.entitled);

  // A passed settings proposal is built on the newest version and closes only while it still is.
  const settings =
    result === "passed" && proposal.kind === "settings"
      ? await passedSettings(d1, JSON.parse(proposal.payload) as { changes: LeafChange[] })
      : null;
  const closeId = crypto.randomUUID();
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        // The totals are checked again inside the UPDATE: a ballot that landed after they were read
        // (sent just before the voting time ended) makes this close change nothing; the next minute's
        // cron closes it with the totals it finds then.
        `UPDATE proposals SET closed_at = ?2, result = ?3, yes_votes = ?4, no_votes = ?5, abstain_votes = ?6, close_id = ?7
         WHERE id = ?1 AND closed_at IS NULL
           AND (SELECT count(*) FROM proposal_ballots WHERE proposal_id = ?1 AND choice = 'yes') = ?4
           AND (SELECT count(*) FROM proposal_ballots WHERE proposal_id = ?1 AND choice = 'no') = ?5
           AND (SELECT count(*) FROM proposal_ballots WHERE proposal_id = ?1 AND choice = 'abstain') = ?6
           AND (?8 IS NULL OR ${NEWEST_VERSION_SQL} = ?8)`,
      )
      .bind(proposalId, now, result, totals.yes, totals.no, totals.abstain, closeId, settings?.base ?? null),
  ];
  if (settings) {
    statements.push(
      d1
        .prepare(
          "INSERT INTO coop_settings_versions (settings, created_at, created_by, proposal_id) SELECT ?1, ?2, NULL, ?3 WHERE changes() > 0",
        )
        .bind(settings.json, now, proposalId),
      d1
        .prepare(
          `UPDATE proposals SET applied_ref = 'settings:' || (SELECT id FROM coop_settings_versions WHERE proposal_id = ?1 ORDER BY id DESC LIMIT 1)
           WHERE id = ?1 AND changes() > 0`,
        )
        .bind(proposalId),
    );
  }
  let booking: "payout" | "surplus" | "nobody" | null = null;
  // A claim's payout proposal pays through its claim's benefit entry (claimVoteStatements below), not a fund payout: booked once.
  const payout =
    proposal.kind === "payout" ? (JSON.parse(proposal.payload) as { amount: Centavos; claimId?: string }) : null;
  if (result === "passed" && payout && !payout.claimId) {
    statements.push(...payoutStatements(d1, { proposalId, amount: payout.amount, closeId, at: now }));
    booking = "payout";
  }
  if (result === "passed" && proposal.kind === "surplus_return") {
    const payload = JSON.parse(proposal.payload) as {
      amount: Centavos;
      period: { kind: SurplusPeriodKind; start: string };
    };
    const period = surplusPeriod(payload.period);
    const parts = await patronageParts(d1, period, payload.amount);
    if (parts.length > 0) {
      statements.push(
        ...surplusStatements(d1, { proposalId, closeId, period, amount: payload.amount, parts, at: now }),
      );
      booking = "surplus";
    } else {
      booking = "nobody";
    }
  }
  const content = notificationMessages.proposalClosed(
    { id: proposalId, title: storedTextValue(proposal.title) },
    result,
    totals,
  );
  statements.push(
    // Every member-owner and every admin, once, only for the call that closed it.
    d1
      .prepare(
        `INSERT INTO notifications (user_id, kind, title, body, url, created_at, push_pending)
         SELECT id, ?1, ?2, ?3, ?4, ?5, EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = users.id)
         FROM users WHERE ((${VOTER_SQL}) OR (role = 'admin' AND deactivated_at IS NULL))
           AND EXISTS (SELECT 1 FROM proposals WHERE id = ?6 AND close_id = ?7)`,
      )
      .bind(
        content.kind,
        encodeNotificationMessage(content.title),
        encodeNotificationMessage(content.body),
        content.url,
        now,
        proposalId,
        closeId,
      ),
  );
  // A claim's payout proposal decides its claim (app/coop/claims.server.ts), last in the batch.
  if (payout?.claimId) statements.push(...(await claimVoteStatements(d1, proposalId, closeId, result, now)));
  const answers = await d1.batch(statements);
  const closed = (answers[0]?.meta.changes ?? 0) > 0;
  if (!closed) {
    if (!settings) return NOTHING(totals);
    // Not closed: already closed by another call, a ballot landed after the count, or a settings version came in between.
    const again = await d1
      .prepare(`SELECT closed_at, ${NEWEST_VERSION_SQL} AS newest FROM proposals WHERE id = ?1`)
      .bind(proposalId)
      .first<{ closed_at: number | null; newest: number }>();
    return again && again.closed_at === null && again.newest !== settings.base ? "settings moved" : NOTHING(totals);
  }
  let settingsVersion: number | null = null;
  if (settings) {
    const made = await d1
      .prepare("SELECT id FROM coop_settings_versions WHERE proposal_id = ?1")
      .bind(proposalId)
      .first<{ id: number }>();
    settingsVersion = made?.id ?? null;
  }
  const applied = await d1
    .prepare("SELECT applied_ref FROM proposals WHERE id = ?1")
    .bind(proposalId)
    .first<{ applied_ref: string | null }>();
  const appliedRef = applied?.applied_ref ?? null;
  const notBooked = {
    payout: "a passed payout is larger than the fund's balance at the close",
    surplus: "a passed surplus return is over its period's cap at the close",
    nobody: "a passed surplus return has no member-owner who delivered in its period",
  } as const;
  if (booking && appliedRef === null)
    console.error(`governance: proposal ${proposalId}: ${notBooked[booking]}; recorded as passed, nothing booked`);
  return { closed: true, result, totals, settingsVersion, appliedRef };
}

/**
 * The settings a passed proposal makes: the newest version with the proposal's changed values set
 * (a change an admin made meanwhile to another setting stays; to the same setting, the members'
 * value replaces it: decision 0219), checked again with the settings' rules (JSON), with the
 * version it was built on; or null when the result is not valid settings any more (then the
 * proposal is recorded as passed and nothing is applied; logged).
 */
async function passedSettings(
  d1: D1Database,
  payload: { changes: LeafChange[] },
): Promise<{ json: string; base: number } | null> {
  const newest = await newestSettings(d1);
  const next = applyLeafChanges(newest.settings, payload.changes);
  const check = settingsBodySchema.safeParse(settingsToBody(next));
  if (!check.success) {
    console.error("governance: a passed settings proposal no longer makes valid settings; not applied");
    return null;
  }
  return { json: JSON.stringify(next), base: newest.version };
}

/** The cron's part (workers/app.ts): closes every proposal whose voting time is over. */
export async function closeDueProposals(d1: D1Database, now = Date.now()): Promise<number> {
  const { results } = await d1
    .prepare("SELECT id FROM proposals WHERE closed_at IS NULL AND closes_at <= ?1 ORDER BY closes_at, id LIMIT 50")
    .bind(now)
    .all<{ id: string }>();
  let closed = 0;
  for (const { id } of results) {
    try {
      if ((await closeProposal(d1, id, now)).closed) closed += 1;
    } catch (error) {
      console.error("governance: closing a proposal failed", error);
    }
  }
  return closed;
}
