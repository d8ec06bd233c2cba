import type { ClaimKind, ClaimStatus, User } from "~/db/schema";
import { proposalInsertStatement, proposalOpenedNotice } from "./open-proposal.server";
import { fundStanding, FUND_FREE_SQL, type FundStanding } from "./fund.server";
import { VOTING_DAYS_DEFAULT } from "./governance-rules";
import { encodeCursor, type PageCursor } from "~/http/cursor";
import type { Page } from "~/http/paging.server";
import { Refusal } from "~/http/refusal";
import { encodeMessage, word } from "~/i18n/message";
import { formatPesos, pesosToCentavos, type Centavos } from "~/money/money";
import { settingsInForce } from "~/settings/settings.server";
import { suspensionRefusal } from "~/auth/suspension";
import { formatManilaDate } from "~/i18n/manila";
import type { ClaimPhotoType } from "./claim-photos";
import type { ClaimUpload } from "./claim-upload.server";

/**
 * Claims on the member benefits fund (docs/guide/coop.md;
 * decision 0215). Riders (members or not; not while suspended) and member-owners file a
 * claim with a kind, an amount, a note and up to 3 document photos, kept in the private ID_DOCUMENTS
 * bucket under `claims/{id}/`. A claim holds its amount of the fund from its filing, so it may ask
 * only for what no other claim holds, and a rider has at most two claims waiting at once. A claim up
 * to the co-op's `claimApprovalLimit` waits for an admin; a larger one opens a payout proposal in
 * the same batch and goes to the members' vote. Approving books a `benefit` (+) entry in the
 * claimant's ledger (`source_id` 'claim:' || id, unique) in the batch whose guarded UPDATE decides
 * the claim, only while the fund covers it; a passed claim the fund cannot pay waits for funds and
 * the cron pays it (`payWaitingClaims`).
 */

interface ClaimPhoto {
  n: number;
  key: string;
  contentType: ClaimPhotoType;
  size: number;
}

export interface ClaimRecord {
  id: string;
  claimant: { id: string; name: string | null; phoneNumber: string | null };
  kind: ClaimKind;
  amount: Centavos;
  note: string;
  photos: ClaimPhoto[];
  status: ClaimStatus;
  proposalId: string | null;
  filedAt: number;
  decidedAt: number | null;
  reason: string | null;
}

interface ClaimRowSql {
  id: string;
  claimant_id: string;
  kind: ClaimKind;
  amount: number;
  note: string;
  photos: string;
  status: ClaimStatus;
  proposal_id: string | null;
  filed_at: number;
  decided_at: number | null;
  reason: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
}

const SELECT = `SELECT c.*, u.first_name, u.last_name, u.phone_number FROM fund_claims AS c JOIN users AS u ON u.id = c.claimant_id`;

const toRecord = (row: ClaimRowSql): ClaimRecord => ({
  id: row.id,
  claimant: {
    id: row.claimant_id,
    name: [row.first_name, row.last_name].filter((part) => part?.trim()).join(" ") || null,
    phoneNumber: row.phone_number,
  },
  kind: row.kind,
  amount: row.amount,
  note: row.note,
  photos: JSON.parse(row.photos) as ClaimPhoto[],
  status: row.status,
  proposalId: row.proposal_id,
  filedAt: row.filed_at,
  decidedAt: row.decided_at,
  reason: row.reason,
});

/** Who may file: a rider (a member-owner or not yet) who is not suspended, or a member-owner admin; never a customer. */
export const mayFileClaim = (
  user: Pick<User, "role" | "memberSince" | "deactivatedAt" | "riderSuspendedAt">,
): boolean =>
  user.deactivatedAt == null &&
  ((user.role === "rider" && user.riderSuspendedAt == null) || (user.role === "admin" && user.memberSince != null));

/** How many claims a claimant may have waiting at once: for an admin, in the members' vote or for funds. */
export const CLAIMS_WAITING_MAX = 2;
const WAITING_SQL = "('pending', 'in_vote', 'waiting_funds')";

/** Inside a batch: the fund's free money covers `amount` and the claimant has room for one more waiting claim. */
export const roomForClaimSql = (amount: string, claimant: string) =>
  `${FUND_FREE_SQL} >= ${amount} AND (SELECT count(*) FROM fund_claims WHERE claimant_id = ${claimant} AND status IN ${WAITING_SQL}) < ${CLAIMS_WAITING_MAX}`;

/** Where a claimant stands: their claims waiting now, and the fund's money (held, free). */
export async function claimRoom(d1: D1Database, claimantId: string): Promise<{ waiting: number; fund: FundStanding }> {
  const [row, fund] = await Promise.all([
    d1
      .prepare(`SELECT count(*) AS n FROM fund_claims WHERE claimant_id = ?1 AND status IN ${WAITING_SQL}`)
      .bind(claimantId)
      .first<{ n: number }>(),
    fundStanding(d1),
  ]);
  return { waiting: row?.n ?? 0, fund };
}

/**
 * Why this claim may not be filed now, or null: a third claim waiting (409), or an amount larger
 * than what no claim holds of the fund (400 on `amount`, with the balance, what claims hold and the
 * most a claim may be, in pesos).
 */
function claimRoomRefusal(room: { waiting: number; fund: FundStanding }, amount: Centavos): Refusal | null {
  if (room.waiting >= CLAIMS_WAITING_MAX)
    return new Refusal(409, "server.claims.tooManyWaiting", { max: CLAIMS_WAITING_MAX });
  return amount <= room.fund.balance - room.fund.held ? null : overFund(room.fund);
}

function overFund({ balance, held, free }: FundStanding): Refusal {
  const id = free <= 0 ? "server.claims.fundEmpty" : held > 0 ? "server.claims.overFundHeld" : "server.claims.overFund";
  const values = { balance: formatPesos(Math.max(0, balance)), held: formatPesos(held), free: formatPesos(free) };
  return new Refusal(400, id, values, "amount", { amount: [{ id, values }] });
}

// ---------------------------------------------------------------------------------------------
// Filing
// ---------------------------------------------------------------------------------------------

/**
 * The payout proposal that puts a claim above the co-op's limit to the members' vote: titled with
 * its kind and amount, never the claimant's name. Its title, text and purpose are encoded messages
 * (the kind a word of the catalog), put into words in each reader's language (storedText); the
 * title's values are only the kind and amount, so it stays within the title's 120 characters.
 */
export function claimProposal(input: {
  proposalId: string;
  claimId: string;
  kind: ClaimKind;
  amount: Centavos;
  limit: Centavos;
  openerId: string;
  at: number;
}) {
  const kind = word(`server.claims.kind.${input.kind}`);
  const amount = formatPesos(input.amount);
  return {
    id: input.proposalId,
    title: encodeMessage("server.claims.proposal.title", { kind, amount }),
    body: encodeMessage("server.claims.proposal.body", {
      kind,
      amount,
      limit: formatPesos(input.limit),
      day: formatManilaDate(input.at),
    }),
    payload: {
      kind: "payout" as const,
      amount: input.amount,
      purpose: encodeMessage("server.claims.proposal.purpose", { kind }),
      claimId: input.claimId,
    },
    openerId: input.openerId,
    votingDays: VOTING_DAYS_DEFAULT,
  };
}

/**
 * Files a claim: the photos go to R2 first, then one batch stores the claim (and, above the co-op's
 * limit, opens its payout proposal, titled with the kind and amount, never the claimant's name); if
 * the batch fails, the photos are deleted again.
 */
export async function fileClaim(
  env: Pick<Env, "DB" | "ID_DOCUMENTS">,
  claimant: User,
  upload: ClaimUpload,
  now = Date.now(),
): Promise<ClaimRecord> {
  const suspended = suspensionRefusal(claimant);
  if (suspended) throw suspended;
  if (!mayFileClaim(claimant)) throw new Refusal(403, "server.claims.mayNotFile");
  const d1 = env.DB;
  const id = crypto.randomUUID();
  const amount = pesosToCentavos(upload.fields.amount);
  // Told before any photo is stored; checked again inside the batch (two claims filed at once).
  const refused = claimRoomRefusal(await claimRoom(d1, claimant.id), amount);
  if (refused) throw refused;
  const { settings } = await settingsInForce(d1, now);
  const photos: ClaimPhoto[] = upload.photos.map((photo, i) => ({
    n: i + 1,
    key: `claims/${id}/${i + 1}`,
    contentType: photo.contentType,
    size: photo.bytes.byteLength,
  }));
  const forget = () => env.ID_DOCUMENTS.delete(photos.map((photo) => photo.key)).catch(() => undefined);
  try {
    await Promise.all(
      upload.photos.map((photo, i) =>
        env.ID_DOCUMENTS.put(photos[i]!.key, photo.bytes, { httpMetadata: { contentType: photo.contentType } }),
      ),
    );
    const statements: D1PreparedStatement[] = [];
    let proposalId: string | null = null;
    if (amount > settings.claimApprovalLimit) {
      proposalId = crypto.randomUUID();
      const proposal = claimProposal({
        proposalId,
        claimId: id,
        kind: upload.fields.kind,
        amount,
        limit: settings.claimApprovalLimit,
        openerId: claimant.id,
        at: now,
      });
      // The vote opens (and members are told) only when the claim below is stored: the same guard, read in the same transaction.
      const onlyIf = { sql: roomForClaimSql("?9", "?10"), values: [amount, claimant.id] };
      statements.push(proposalInsertStatement(d1, proposal, now, onlyIf), proposalOpenedNotice(d1, proposal, now));
    }
    statements.push(
      d1
        .prepare(
          `INSERT INTO fund_claims (id, claimant_id, kind, amount, note, photos, status, proposal_id, filed_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE ${roomForClaimSql("?4", "?2")}`,
        )
        .bind(
          id,
          claimant.id,
          upload.fields.kind,
          amount,
          upload.fields.note,
          JSON.stringify(photos),
          proposalId ? "in_vote" : "pending",
          proposalId,
          now,
        ),
    );
    const answers = await d1.batch(statements);
    if ((answers[answers.length - 1]?.meta.changes ?? 0) === 0) {
      // Another claim came in between: the reason as it stands now.
      const room = await claimRoom(d1, claimant.id);
      throw claimRoomRefusal(room, amount) ?? overFund(room.fund);
    }
  } catch (error) {
    await forget();
    throw error;
  }
  return getClaim(d1, id);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function getClaim(d1: D1Database, id: string): Promise<ClaimRecord> {
  const row =
    id && id.length <= 64 ? await d1.prepare(`${SELECT} WHERE c.id = ?1`).bind(id).first<ClaimRowSql>() : null;
  if (!row) throw new Refusal(404, "server.claims.notFound");
  return toRecord(row);
}

/**
 * Claims newest first, keyset-paged by (filed_at, id): the caller's own (`claimantId`,
 * fund_claims_claimant_idx), or for admins all of them (fund_claims_filed_idx) or one status
 * (fund_claims_status_idx).
 */
export async function listClaims(
  d1: D1Database,
  filter: { claimantId?: string; status?: ClaimStatus },
  cursor: PageCursor | null,
  limit: number,
): Promise<Page<ClaimRecord>> {
  const where: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `?${values.length}`;
  };
  if (filter.claimantId !== undefined) where.push(`c.claimant_id = ${bind(filter.claimantId)}`);
  if (filter.status !== undefined) where.push(`c.status = ${bind(filter.status)}`);
  if (cursor) {
    const at = bind(cursor.createdAt);
    where.push(`(c.filed_at < ${at} OR (c.filed_at = ${at} AND c.id < ${bind(cursor.id)}))`);
  }
  const { results } = await d1
    .prepare(
      `${SELECT} ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY c.filed_at DESC, c.id DESC LIMIT ${bind(limit + 1)}`,
    )
    .bind(...values)
    .all<ClaimRowSql>();
  const items = results.slice(0, limit).map(toRecord);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      results.length > limit && last ? encodeCursor({ createdAt: new Date(last.filedAt), id: last.id }) : null,
  };
}

/**
 * /admin/claims: the pending claims first (oldest first: a queue), then those in the members' vote,
 * those the members passed that wait for funds (in the order the cron pays them), then the latest decided.
 */
export async function adminClaimsQueue(
  d1: D1Database,
  recent = 20,
): Promise<{ pending: ClaimRecord[]; inVote: ClaimRecord[]; waiting: ClaimRecord[]; decided: ClaimRecord[] }> {
  const [pending, inVote, waiting, decided] = await d1.batch<ClaimRowSql>([
    d1.prepare(`${SELECT} WHERE c.status = 'pending' ORDER BY c.filed_at, c.id LIMIT 100`),
    d1.prepare(`${SELECT} WHERE c.status = 'in_vote' ORDER BY c.filed_at DESC, c.id DESC LIMIT 50`),
    d1.prepare(`${SELECT} WHERE c.status = 'waiting_funds' ORDER BY c.decided_at, c.id LIMIT 50`),
    d1
      .prepare(`${SELECT} WHERE c.status IN ('approved', 'rejected') ORDER BY c.filed_at DESC, c.id DESC LIMIT ?1`)
      .bind(recent),
  ]);
  return {
    pending: pending!.results.map(toRecord),
    inVote: inVote!.results.map(toRecord),
    waiting: waiting!.results.map(toRecord),
    decided: decided!.results.map(toRecord),
  };
}

/** A claim's document photo, to its claimant and admins only: never cached, never sniffed. */
export async function claimPhotoResponse(
  env: Pick<Env, "DB" | "ID_DOCUMENTS">,
  viewer: User,
  id: string,
  n: string,
): Promise<Response> {
  const claim = await getClaim(env.DB, id);
  if (viewer.role !== "admin" && viewer.id !== claim.claimant.id) throw new Refusal(403, "server.claims.notYours");
  const photo = /^[1-9]$/.test(n) ? claim.photos.find((p) => p.n === Number(n)) : undefined;
  if (!photo) throw new Refusal(404, "server.claims.photoNotFound");
  const object = await env.ID_DOCUMENTS.get(photo.key);
  if (!object) throw new Refusal(404, "server.claims.photoNotFound");
  return new Response(object.body, {
    headers: {
      "Content-Type": photo.contentType,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
