import { sendRecorded } from "~/notifications/message-log.server";
import { messagingText } from "~/notifications/messaging.server";
import type { Language } from "~/i18n/languages";
import { storedTextValue } from "~/i18n/stored-text.server";
import { formatManilaDateTime } from "~/i18n/manila";
import { voterSql } from "./governance-rules";

/**
 * The SMS of a proposal (docs/guide/coop.md: members are told by SMS too), sent by the minute cron: when it
 * opens, to every member-owner who may vote but its opener; its result, to every member-owner. At
 * most TEXTS_PER_RUN a run (the rest the next minutes), each claimed in `proposal_texts` before it
 * is sent, so a member is texted once about each, whatever the crashes or overlapping runs. The
 * message log records and retries each text like every other SMS.
 */
export const TEXTS_PER_RUN = 25;
/** A proposal's news is texted while it is fresh: a member who joins later reads it in the app. */
const FRESH_MS = 2 * 24 * 60 * 60_000;

interface Due {
  proposal_id: string;
  event: "opened" | "result";
  title: string;
  closes_at: number;
  result: "passed" | "failed" | "inquorate" | null;
  yes_votes: number | null;
  no_votes: number | null;
  abstain_votes: number | null;
  member_id: string;
  phone_number: string;
  language: Language | null;
}

export async function textProposalNews(env: Env, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT p.id AS proposal_id, e.event, p.title, p.closes_at, p.result, p.yes_votes, p.no_votes, p.abstain_votes,
            u.id AS member_id, u.phone_number, u.language
     FROM proposals p
     JOIN (SELECT 'opened' AS event UNION ALL SELECT 'result') e
       ON (e.event = 'opened' AND p.closed_at IS NULL AND p.closes_at > ?1 AND p.opened_at > ?2)
       OR (e.event = 'result' AND p.closed_at IS NOT NULL AND p.closed_at > ?2)
     JOIN users u ON (${voterSql("u")})
       AND u.phone_number IS NOT NULL AND (e.event = 'result' OR u.id != p.opened_by)
     WHERE NOT EXISTS (SELECT 1 FROM proposal_texts t WHERE t.proposal_id = p.id AND t.event = e.event AND t.member_id = u.id)
     ORDER BY p.opened_at, u.id
     LIMIT ?3`,
  )
    .bind(now, now - FRESH_MS, TEXTS_PER_RUN)
    .all<Due>();
  let sent = 0;
  for (const due of results) {
    const claimed = await env.DB.prepare(
      "INSERT INTO proposal_texts (proposal_id, member_id, event, sent_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
    )
      .bind(due.proposal_id, due.member_id, due.event, now)
      .run();
    if (claimed.meta.changes !== 1) continue;
    const text =
      due.event === "opened"
        ? messagingText("server.messaging.proposalOpenedSms", {
            title: storedTextValue(due.title),
            date: formatManilaDateTime(due.closes_at),
          })
        : messagingText(`server.messaging.proposalResultSms.${due.result ?? "failed"}`, {
            title: storedTextValue(due.title),
            yes: due.yes_votes ?? 0,
            no: due.no_votes ?? 0,
            abstain: due.abstain_votes ?? 0,
          });
    await sendRecorded(
      env,
      { channel: "sms", to: due.phone_number, language: due.language ?? "en", text },
      { purpose: "proposal", ref: due.proposal_id },
      now,
    );
    sent += 1;
  }
  return sent;
}
