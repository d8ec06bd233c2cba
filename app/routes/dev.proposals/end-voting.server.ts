import { storedText } from "~/i18n/stored-text.server";

/**
 * Development only (/dev/proposals): ends a proposal's voting time now, so a local run can see the
 * next cron (`curl http://localhost:8787/cdn-cgi/local/scheduled`) count and close it instead of
 * waiting 3 to 14 days. Production has no way to shorten a vote.
 */
export async function endVotingNow(d1: D1Database, proposalId: string, now = Date.now()): Promise<boolean> {
  const ended = await d1
    .prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1 AND closed_at IS NULL AND closes_at > ?2")
    .bind(proposalId, now)
    .run();
  return ended.meta.changes > 0;
}

export async function proposalsStillVoting(d1: D1Database, now = Date.now()) {
  const { results } = await d1
    .prepare(
      "SELECT id, title, closes_at AS closesAt FROM proposals WHERE closed_at IS NULL ORDER BY closes_at LIMIT 50",
    )
    .bind()
    .all<{ id: string; title: string; closesAt: number }>();
  // The page is in English: a claim's title is an encoded message.
  return results.map((row) => ({ ...row, title: storedText("en", row.title), ended: row.closesAt <= now }));
}
