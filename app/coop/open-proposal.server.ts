import type { User } from "~/db/schema";
import { storedTextValue } from "~/i18n/stored-text.server";
import { Refusal } from "~/http/refusal";
import { notificationMessages } from "~/notifications/notification-messages";
import { encodeNotificationMessage } from "~/notifications/notifications.server";
import { closesAtFor, mayOpen, VOTER_SQL } from "./governance-rules";
import type { ProposalBody } from "./governance-schemas";
import { type ProposalPayload, payloadOf } from "./proposal-payload.server";
import { getProposal, type ProposalRecord } from "./proposals.server";

/**
 * Opens a proposal (a member-owner or an admin): voting opens at once and closes after
 * `votingDays` Manila days; `entitled` is the member-owners who may vote now, fixed for its quorum.
 */
export async function openProposal(
  d1: D1Database,
  opener: User,
  body: ProposalBody,
  now = Date.now(),
): Promise<ProposalRecord> {
  if (!mayOpen(opener)) throw new Refusal(403, "server.governance.mayNotOpen");
  const payload = await payloadOf(d1, body, now);
  const id = crypto.randomUUID();
  const input = { id, title: body.title, body: body.body, payload, openerId: opener.id, votingDays: body.votingDays };
  await d1.batch([proposalInsertStatement(d1, input, now), proposalOpenedNotice(d1, input, now)]);
  return getProposal(d1, id, opener.id);
}

/**
 * The INSERT of a new proposal, for a batch (a claim above the co-op's limit opens its payout
 * proposal in the batch that stores the claim): `entitled` is counted by the same statement.
 * `onlyIf`: a condition checked in the batch's transaction (its parameters numbered from ?9); false,
 * nothing is inserted.
 */
export function proposalInsertStatement(
  d1: D1Database,
  input: { id: string; title: string; body: string; payload: ProposalPayload; openerId: string; votingDays: number },
  now: number,
  onlyIf?: { sql: string; values: unknown[] },
): D1PreparedStatement {
  const { kind, ...payload } = input.payload;
  const select = `SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, count(*) FROM users WHERE ${VOTER_SQL}`;
  return d1
    .prepare(
      `INSERT INTO proposals (id, kind, title, body, payload, opened_by, opened_at, closes_at, entitled) ${onlyIf ? `SELECT * FROM (${select}) WHERE ${onlyIf.sql}` : select}`,
    )
    .bind(
      input.id,
      kind,
      input.title,
      input.body,
      JSON.stringify(payload),
      input.openerId,
      now,
      closesAtFor(now, input.votingDays),
      ...(onlyIf?.values ?? []),
    );
}

/**
 * For the batch that opens a proposal: every member-owner who may vote but its opener hears of it
 * in the bell (and by Web Push, from the request's or the cron's push run); only when the INSERT
 * before it wrote the proposal.
 */
export function proposalOpenedNotice(
  d1: D1Database,
  input: { id: string; title: string; openerId: string; votingDays: number },
  now: number,
): D1PreparedStatement {
  const told = notificationMessages.proposalOpened({
    id: input.id,
    title: storedTextValue(input.title),
    closesAt: closesAtFor(now, input.votingDays),
  });
  return d1
    .prepare(
      `INSERT INTO notifications (user_id, kind, title, body, url, created_at, push_pending)
       SELECT id, ?1, ?2, ?3, ?4, ?5, EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = users.id)
       FROM users WHERE (${VOTER_SQL}) AND id != ?6 AND changes() > 0`,
    )
    .bind(
      told.kind,
      encodeNotificationMessage(told.title),
      encodeNotificationMessage(told.body),
      told.url,
      now,
      input.openerId,
    );
}
