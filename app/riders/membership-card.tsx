import { membershipProgressText, type Membership } from "./membership";

/** The rider dashboard's membership progress: deliveries towards 100, then eligible, then member-owner. */
export function MembershipCard({ membership }: { membership: Membership }) {
  const shown = Math.min(membership.delivered, membership.needed);
  return (
    <section className="card stack" aria-labelledby="membership-title" data-testid="membership-card">
      <h2 id="membership-title">Co-op Membership</h2>
      {membership.status === "member" ? null : (
        <progress max={membership.needed} value={shown} aria-label={`${shown} of ${membership.needed} deliveries`} className="membership-progress" />
      )}
      <p className="muted">{membershipProgressText(membership)}</p>
    </section>
  );
}
