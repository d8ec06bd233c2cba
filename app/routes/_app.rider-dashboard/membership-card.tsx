import { useT } from "~/i18n/i18n";
import { MEMBERSHIP_MIN_RATING, type Membership } from "~/riders/membership";

/** The rider dashboard's membership progress: deliveries towards 100, then eligible, then member-owner. */
export function MembershipCard({ membership }: { membership: Membership }) {
  const t = useT();
  const shown = Math.min(membership.delivered, membership.needed);
  const left = Math.max(0, membership.needed - membership.delivered);
  const values = { delivered: membership.delivered, needed: membership.needed, left, rating: MEMBERSHIP_MIN_RATING };
  const progress =
    membership.status === "member"
      ? t("rider.membership.member")
      : membership.status === "eligible"
        ? t("rider.membership.eligible")
        : left > 0
          ? t("rider.membership.left", values)
          : t("rider.membership.keepRating", values);
  return (
    <section className="card stack" aria-labelledby="membership-title" data-testid="membership-card">
      <h2 id="membership-title">{t("rider.membership.title")}</h2>
      {membership.status === "member" ? null : (
        <progress
          max={membership.needed}
          value={shown}
          aria-label={t("rider.membership.progress", { shown, needed: membership.needed })}
          className="membership-progress"
        />
      )}
      <p className="muted">{progress}</p>
    </section>
  );
}
