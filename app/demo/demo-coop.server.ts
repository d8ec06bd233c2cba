import { claimProposal, roomForClaimSql } from "~/coop/claims.server";
import { proposalInsertStatement } from "~/coop/open-proposal.server";
import { surplusCap, surplusPeriod } from "~/coop/surplus.server";
import { closesAtFor, voterSql } from "~/coop/governance-rules";
import { DEFAULT_SETTINGS, type CoopContacts } from "~/settings/coop-settings";
import { settingsInForce } from "~/settings/settings.server";
import { manilaDate } from "~/i18n/manila";

/**
 * The co-op's demo: its contacts, one proposal of each kind open for voting, a passed
 * one and one that missed its quorum, a claim waiting for an admin and one in the members' vote.
 * The fund needs nothing of its own: its movements are the demo deliveries' 5% and ₱1 insurance.
 * Fixed ids, INSERT … ON CONFLICT DO NOTHING: loading twice changes nothing.
 *
 * Rosa's ₱2,500 claim is under the co-op's limit (₱5,000 by default: an admin approves it); Nonoy's
 * ₱5,500, above it, goes to the members' vote. Each holds its amount of the fund from its filing
 * (decision 0215), and the fund holds both, with the ₱1,000 raincoats payout besides: it grew from
 * the demo's weeks of paid deliveries (decision 0212).
 *
 * The closed proposals' ballots are not made: a ballot's key needs the Worker's BALLOT_SECRET,
 * which the demo loader does not hold. They keep their turnout (who voted) and their totals, as the
 * close stored them; nothing can tell the missing ballots apart from secret ones.
 */
const DAY = 24 * 60 * 60_000;
const ANA = "demo-user-ana";
const RICO = "demo-user-rico";
const MILA = "demo-user-mila";
const ROSA = "demo-user-rosa";
const NONOY = "demo-user-nonoy";
const PESO = 100;
const DEMO_CLAIMS = { rosa: 2_500 * PESO, nonoy: 5_500 * PESO } as const;
const RAINCOATS = 1_000 * PESO;

interface DemoProposal {
  id: string;
  kind: "settings" | "payout" | "surplus_return" | "resolution";
  title: string;
  body: string;
  payload: Record<string, unknown>;
  openedBy: string;
  openedDaysAgo: number;
  votingDays: number;
  closed?: { result: "passed" | "inquorate"; yes: number; no: number; abstain: number; voters: string[] };
}

/** How the demo co-op is reached: /help's "Still Need Help?" shows them (a fresh co-op has none). */
export const DEMO_CONTACTS: CoopContacts = {
  hotline: "0917 000 0100",
  messenger: "https://m.me/hatid.coop",
  email: "help@hatid.coop",
};

export async function loadDemoCoop(d1: D1Database, now: number) {
  // The contacts as Ana's settings version, set before the demo's history (its
  // oldest proposal is 20 days old), only on a database with no version yet: a second load, or one
  // after an admin changed the settings, leaves the settings as they are.
  await d1
    .prepare(
      "INSERT INTO coop_settings_versions (settings, created_at, created_by) SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM coop_settings_versions)",
    )
    .bind(JSON.stringify({ ...DEFAULT_SETTINGS, contacts: DEMO_CONTACTS }), now - 30 * DAY, ANA)
    .run();
  const settings = await settingsInForce(d1, now);
  const perKm = settings.settings.rateCard.perKm;
  const limit = settings.settings.claimApprovalLimit;
  const monthStart = `${manilaDate(now).slice(0, 8)}01`;
  const cap = await surplusCap(d1, surplusPeriod({ kind: "month", start: monthStart }));
  const rosasClaim = DEMO_CLAIMS.rosa;
  const nonoysClaim = DEMO_CLAIMS.nonoy;
  const proposals: DemoProposal[] = [
    {
      id: "demo-proposal-per-km",
      kind: "settings",
      title: "Per-km fee ₱2 higher for the rainy season",
      body: "Fuel and rain gear cost more from June. Raise the per-km fee by ₱2; bookings already made keep their price.",
      payload: {
        changes: [{ path: ["rateCard", "perKm"], before: perKm, after: perKm + 200 }],
        baseVersion: settings.version,
      },
      openedBy: RICO,
      openedDaysAgo: 1,
      votingDays: 7,
    },
    {
      id: "demo-proposal-raincoats",
      kind: "payout",
      title: "Raincoats for every member",
      body: "Buy a raincoat for each member-owner from the member benefits fund.",
      payload: { amount: RAINCOATS, purpose: "Raincoats for member-owners" },
      openedBy: MILA,
      openedDaysAgo: 2,
      votingDays: 7,
    },
    {
      id: "demo-proposal-surplus",
      kind: "surplus_return",
      title: "Return part of this month's surplus",
      body: "Share part of the operations surplus of this month with the member-owners, by their deliveries.",
      payload: { period: { kind: "month", start: monthStart }, amount: Math.max(100, Math.floor(cap / 2)) },
      openedBy: ANA,
      openedDaysAgo: 0,
      votingDays: 5,
    },
    {
      id: "demo-proposal-hub-hours",
      kind: "resolution",
      title: "Open the Makati hub from 6 AM",
      body: "Riders start early: the hub's gate and restroom open at 6 AM instead of 8 AM.",
      payload: {},
      openedBy: RICO,
      openedDaysAgo: 3,
      votingDays: 10,
    },
    {
      id: "demo-proposal-rain-shelter",
      kind: "resolution",
      title: "Build a rain shelter at the Makati hub",
      body: "A roof over the waiting area, paid by operations.",
      payload: {},
      openedBy: MILA,
      openedDaysAgo: 12,
      votingDays: 7,
      closed: { result: "passed", yes: 2, no: 0, abstain: 1, voters: [RICO, MILA, "demo-user-nonoy"] },
    },
    {
      id: "demo-proposal-night-bonus",
      kind: "resolution",
      title: "Night delivery bonus after 10 PM",
      body: "Ask operations to study a bonus for deliveries after 10 PM.",
      payload: {},
      openedBy: RICO,
      openedDaysAgo: 20,
      votingDays: 3,
      closed: { result: "inquorate", yes: 0, no: 0, abstain: 0, voters: [] },
    },
  ];
  const statements: D1PreparedStatement[] = [];
  for (const proposal of proposals) {
    const openedAt = now - proposal.openedDaysAgo * DAY - 60 * 60_000;
    const closesAt = closesAtFor(openedAt, proposal.votingDays);
    const closed = proposal.closed;
    statements.push(
      d1
        .prepare(
          `INSERT INTO proposals (id, kind, title, body, payload, opened_by, opened_at, closes_at, entitled, closed_at, result, yes_votes, no_votes, abstain_votes)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, count(*), ?9, ?10, ?11, ?12, ?13 FROM users WHERE ${voterSql()}
           ON CONFLICT (id) DO NOTHING`,
        )
        .bind(
          proposal.id,
          proposal.kind,
          proposal.title,
          proposal.body,
          JSON.stringify(proposal.payload),
          proposal.openedBy,
          openedAt,
          closesAt,
          closed ? closesAt : null,
          closed?.result ?? null,
          closed?.yes ?? null,
          closed?.no ?? null,
          closed?.abstain ?? null,
        ),
    );
    for (const voter of closed?.voters ?? []) {
      statements.push(
        d1
          .prepare(
            "INSERT INTO proposal_voters (proposal_id, member_id, voted_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
          )
          .bind(proposal.id, voter, openedAt + 60 * 60_000),
      );
    }
  }
  // The claims, as filing stores them: each only while the fund's free money covers it (FUND_FREE_SQL).
  const claim = (
    id: string,
    claimant: string,
    kind: string,
    amount: number,
    note: string,
    proposalId: string | null,
    filedAt: number,
  ) =>
    d1
      .prepare(
        `INSERT INTO fund_claims (id, claimant_id, kind, amount, note, photos, status, proposal_id, filed_at)
         SELECT ?1, ?2, ?3, ?4, ?5, '[]', ?6, ?7, ?8 WHERE ${roomForClaimSql("?4", "?2")} ON CONFLICT (id) DO NOTHING`,
      )
      .bind(id, claimant, kind, amount, note, proposalId ? "in_vote" : "pending", proposalId, filedAt);
  // Rosa, not yet a member, asks the fund for help after a fall: an admin decides (below the limit).
  statements.push(
    claim(
      "demo-claim-rosa",
      ROSA,
      "accident",
      rosasClaim,
      "Slipped on a wet road in Pasig; clinic bill and two days off the road.",
      null,
      now - 5 * 60 * 60_000,
    ),
  );
  // Nonoy's hospital night, above the limit: its payout proposal is open, and a passing vote pays it.
  const nonoyFiledAt = now - DAY;
  const nonoyProposal = claimProposal({
    proposalId: "demo-proposal-claim-nonoy",
    claimId: "demo-claim-nonoy",
    kind: "hospitalisation",
    amount: nonoysClaim,
    limit,
    openerId: NONOY,
    at: nonoyFiledAt,
  });
  statements.push(
    proposalInsertStatement(d1, nonoyProposal, nonoyFiledAt, {
      sql: `NOT EXISTS (SELECT 1 FROM proposals WHERE id = ?9) AND ${roomForClaimSql("?10", "?11")}`,
      values: [nonoyProposal.id, nonoysClaim, NONOY],
    }),
    claim(
      "demo-claim-nonoy",
      NONOY,
      "hospitalisation",
      nonoysClaim,
      "A night at Pasig City General Hospital with dengue; the bill is with the admin.",
      nonoyProposal.id,
      nonoyFiledAt,
    ),
  );
  await d1.batch(statements);
}
