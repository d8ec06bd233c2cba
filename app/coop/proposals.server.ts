import type { BallotChoice, ProposalKind, ProposalResult, User } from "~/db/schema";
import { encodeCursor, type PageCursor } from "~/http/cursor";
import type { Page } from "~/http/paging.server";
import { Refusal } from "~/http/refusal";
import type { SettingChange } from "~/settings/settings-diff";
import { ballotKey, ballotSecret } from "./ballot-key.server";
import { mayVote, type Totals } from "./governance-rules";
import type { ProposalPayload } from "./proposal-payload.server";
import { describeLeafChanges, type LeafChange } from "./settings-proposal";

/**
 * Proposals and secret ballots (docs/guide/coop.md; decision
 * 0190): list, read, vote. Opening is in open-proposal.server.ts, closing in close.server.ts. Who
 * voted is in proposal_voters, how in proposal_ballots under a keyed hash; no query here reads both
 * for one member.
 */

export interface ProposalRecord {
  id: string;
  kind: ProposalKind;
  title: string;
  body: string;
  payload: ProposalPayload;
  openedBy: { id: string; name: string | null };
  openedAt: number;
  closesAt: number;
  entitled: number;
  closedAt: number | null;
  result: ProposalResult | null;
  /** The stored totals (closed), else null. */
  closedTotals: Totals | null;
  appliedRef: string | null;
  turnout: number;
  youVoted: boolean;
}

interface ProposalRowSql {
  id: string;
  kind: ProposalKind;
  title: string;
  body: string;
  payload: string;
  opened_by: string;
  opened_at: number;
  closes_at: number;
  entitled: number;
  closed_at: number | null;
  result: ProposalResult | null;
  yes_votes: number | null;
  no_votes: number | null;
  abstain_votes: number | null;
  applied_ref: string | null;
  first_name: string | null;
  last_name: string | null;
  turnout: number;
  you_voted: number;
}

const SELECT = `SELECT p.*, u.first_name, u.last_name,
  (SELECT count(*) FROM proposal_voters AS v WHERE v.proposal_id = p.id) AS turnout,
  EXISTS (SELECT 1 FROM proposal_voters AS v WHERE v.proposal_id = p.id AND v.member_id = ?1) AS you_voted
  FROM proposals AS p JOIN users AS u ON u.id = p.opened_by`;

const toRecord = (row: ProposalRowSql): ProposalRecord => {
  const payload = { kind: row.kind, ...(JSON.parse(row.payload) as object) } as unknown as ProposalPayload;
  // A claim's payout proposal is opened for the claimant, who is never named on it (privacy; decision 0215).
  const fromClaim = payload.kind === "payout" && payload.claimId !== undefined;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    payload,
    openedBy: {
      id: row.opened_by,
      name: fromClaim ? null : [row.first_name, row.last_name].filter((part) => part?.trim()).join(" ") || null,
    },
    openedAt: row.opened_at,
    closesAt: row.closes_at,
    entitled: row.entitled,
    closedAt: row.closed_at,
    result: row.result,
    closedTotals:
      row.closed_at === null
        ? null
        : { yes: row.yes_votes ?? 0, no: row.no_votes ?? 0, abstain: row.abstain_votes ?? 0 },
    appliedRef: row.applied_ref,
    turnout: row.turnout,
    youVoted: row.you_voted === 1,
  };
};

export async function getProposal(d1: D1Database, id: string, viewerId: string): Promise<ProposalRecord> {
  const row = await d1.prepare(`${SELECT} WHERE p.id = ?2`).bind(viewerId, id).first<ProposalRowSql>();
  if (!row) throw new Refusal(404, "server.governance.notFound");
  return toRecord(row);
}

/**
 * The list: open proposals first (the soonest to close first), then closed ones (newest first),
 * keyset-paged. The cursor is (closesAt, "o:id" or "c:id"): which part it is in and where.
 */
export async function listProposals(
  d1: D1Database,
  viewerId: string,
  cursor: PageCursor | null,
  limit: number,
): Promise<Page<ProposalRecord>> {
  const rows: ProposalRowSql[] = [];
  const inClosed = cursor?.id.startsWith("c:") ?? false;
  const cursorId = cursor ? cursor.id.slice(2) : "";
  if (!inClosed) {
    const { results } = await d1
      .prepare(
        `${SELECT} WHERE p.closed_at IS NULL ${cursor ? "AND (p.closes_at > ?2 OR (p.closes_at = ?2 AND p.id > ?3))" : "AND ?2 IS NULL AND ?3 IS NULL"} ORDER BY p.closes_at, p.id LIMIT ?4`,
      )
      .bind(viewerId, cursor?.createdAt ?? null, cursor ? cursorId : null, limit + 1)
      .all<ProposalRowSql>();
    rows.push(...results);
  }
  if (rows.length <= limit) {
    const closedCursor = inClosed ? cursor : null;
    const { results } = await d1
      .prepare(
        `${SELECT} WHERE p.closed_at IS NOT NULL ${closedCursor ? "AND (p.closes_at < ?2 OR (p.closes_at = ?2 AND p.id < ?3))" : "AND ?2 IS NULL AND ?3 IS NULL"} ORDER BY p.closes_at DESC, p.id DESC LIMIT ?4`,
      )
      .bind(viewerId, closedCursor?.createdAt ?? null, closedCursor ? cursorId : null, limit + 1 - rows.length)
      .all<ProposalRowSql>();
    rows.push(...results);
  }
  const items = rows.slice(0, limit).map(toRecord);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ createdAt: new Date(last.closesAt), id: `${last.closedAt === null ? "o" : "c"}:${last.id}` })
      : null;
  return { items, nextCursor };
}

/**
 * A member-owner's ballot: Yes, No or Abstain, changeable until the close. One batch: the voter's
 * row (who; its time is the first ballot's and is not moved by a change, so it cannot be matched
 * with a changed ballot) and the ballot's row under the keyed hash (how; a second ballot replaces
 * the first). Both are written only while the proposal is open. Answers the turnout only: nobody
 * sees totals before the close (decision 0216, amended), since in a small electorate running
 * totals tell who voted what.
 */
export async function castBallot(
  env: Pick<Env, "DB" | "BALLOT_SECRET">,
  member: User,
  proposalId: string,
  choice: BallotChoice,
  now = Date.now(),
): Promise<{ turnout: number; youVoted: true }> {
  const d1 = env.DB;
  const proposal = await d1
    .prepare("SELECT id, opened_at, closes_at, closed_at FROM proposals WHERE id = ?1")
    .bind(proposalId)
    .first<{ id: string; opened_at: number; closes_at: number; closed_at: number | null }>();
  if (!proposal) throw new Refusal(404, "server.governance.notFound");
  if (!mayVote(member)) throw new Refusal(403, "server.governance.notMember");
  const secret = ballotSecret(env);
  if (proposal.closed_at !== null || now >= proposal.closes_at) throw new Refusal(409, "server.governance.closed");
  const key = await ballotKey(secret, proposalId, member.id);
  const open = "EXISTS (SELECT 1 FROM proposals WHERE id = ?1 AND closed_at IS NULL AND closes_at > ?3)";
  const [voter, ballot] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO proposal_voters (proposal_id, member_id, voted_at) SELECT ?1, ?2, ?3 WHERE ${open} ON CONFLICT (proposal_id, member_id) DO NOTHING`,
      )
      .bind(proposalId, member.id, now),
    // cast_at is the proposal's opening time for every ballot (decision 0216): a ballot's own time could be matched with voted_at.
    d1
      .prepare(
        `INSERT INTO proposal_ballots (proposal_id, ballot_key, choice, cast_at) SELECT ?1, ?2, ?4, ?5 WHERE ${open}
         ON CONFLICT (proposal_id, ballot_key) DO UPDATE SET choice = excluded.choice`,
      )
      .bind(proposalId, key, now, choice, proposal.opened_at),
  ]);
  if ((voter?.meta.changes ?? 0) === 0 && (ballot?.meta.changes ?? 0) === 0)
    throw new Refusal(409, "server.governance.closed");
  const turnout = await d1
    .prepare("SELECT count(*) AS n FROM proposal_voters WHERE proposal_id = ?1")
    .bind(proposalId)
    .first<{ n: number }>();
  return { turnout: turnout?.n ?? 0, youVoted: true };
}

/** An open settings proposal that would change some of the settings a save changed. */
export interface OpenVoteOnSettings {
  proposalId: string;
  title: string;
  closesAt: number;
  /** Its changes to those settings, as voted on (before → after). */
  changes: SettingChange[];
}

/**
 * The open settings proposals that would change any leaf of `changes` (decision 0219): at its close
 * a passed proposal sets its values on the newest version, so an admin who changes the same setting
 * meanwhile is told, when saving, that the vote's value would replace theirs.
 */
export async function openVotesOnSettings(d1: D1Database, changes: LeafChange[]): Promise<OpenVoteOnSettings[]> {
  if (changes.length === 0) return [];
  const { results } = await d1
    .prepare(
      "SELECT id, title, closes_at, payload FROM proposals WHERE kind = 'settings' AND closed_at IS NULL ORDER BY closes_at, id LIMIT 50",
    )
    .all<{ id: string; title: string; closes_at: number; payload: string }>();
  const overlaps = (a: string[], b: string[]) =>
    a.slice(0, b.length).join("\u0000") === b.slice(0, a.length).join("\u0000");
  return results.flatMap((row) => {
    const voted = (JSON.parse(row.payload) as { changes: LeafChange[] }).changes.filter((leaf) =>
      changes.some((change) => overlaps(leaf.path, change.path)),
    );
    return voted.length > 0
      ? [{ proposalId: row.id, title: row.title, closesAt: row.closes_at, changes: describeLeafChanges(voted) }]
      : [];
  });
}
