import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount } from "~/money/money";
import { BALLOT_CHOICES } from "~/db/enums";
import type { ProposalCard } from "./coop-pages.server";
import { ballotFormSchema } from "./proposal-form-schemas";

/** Its kind, and its state: open for voting, or its result once closed. */
function ProposalBadges({ proposal }: { proposal: ProposalCard }) {
  const t = useT();
  const state = proposal.result ? t(`coop.result.${proposal.result}`) : t("coop.status.open");
  return (
    <p className="proposal-badges">
      <span className="proposal-kind">{t(`coop.kind.${proposal.kind}`)}</span>
      <span className={`proposal-state proposal-${proposal.result ?? "open"}`}>{state}</span>
    </p>
  );
}

/** Who opened it, when voting closes (or closed), the turnout against the quorum, and the totals once it closed. */
function ProposalFacts({ proposal }: { proposal: ProposalCard }) {
  const t = useT();
  const { totals } = proposal;
  return (
    <div className="proposal-facts">
      <p className="muted">
        {proposal.openedBy.name
          ? t("coop.openedBy", { name: proposal.openedBy.name, date: proposal.openedText })
          : t("coop.openedOn", { date: proposal.openedText })}
      </p>
      <p>
        {proposal.closedText
          ? t("coop.closed", { date: proposal.closedText })
          : proposal.closesIn
            ? t("coop.closes", { date: proposal.closesText, relative: proposal.closesIn })
            : t("coop.closing")}
      </p>
      <p data-testid="turnout">
        {t("coop.turnout", { turnout: proposal.turnout, entitled: proposal.entitled, quorum: proposal.quorum })}
      </p>
      {totals ? (
        <p data-testid="totals">
          <strong>{t("coop.totals", totals)}</strong>
        </p>
      ) : (
        <p className="muted">{t("coop.totalsHidden")}</p>
      )}
    </div>
  );
}

/** What the proposal does: the settings it changes (before → after), the payout, or the surplus return. */
function ProposalEffect({ proposal }: { proposal: ProposalCard }) {
  const t = useT();
  if (proposal.settingsChanges?.length) {
    return (
      <div>
        <h3 className="proposal-subheading">{t("coop.changes")}</h3>
        <dl className="proposal-changes">
          {proposal.settingsChanges.map((change) => (
            <div key={change.field}>
              <dt>{change.label}</dt>
              <dd>{t("coop.change", { before: change.before, after: change.after })}</dd>
            </div>
          ))}
        </dl>
        {proposal.settingsVersion ? (
          <p className="muted">{t("coop.madeVersion", { version: proposal.settingsVersion })}</p>
        ) : null}
      </div>
    );
  }
  if (proposal.payout)
    return (
      <p>{t("coop.payout", { amount: formatPesoAmount(proposal.payout.amount), purpose: proposal.payout.purpose })}</p>
    );
  if (proposal.surplusReturn) {
    const { period, amount } = proposal.surplusReturn;
    return (
      <p>
        {t("coop.surplus", {
          amount: formatPesoAmount(amount),
          period: t(`coop.period.${period.kind}`, { start: period.start }),
        })}
      </p>
    );
  }
  return null;
}

/** One proposal in the list of /coop. */
export function ProposalListItem({ proposal }: { proposal: ProposalCard }) {
  return (
    <li className="card proposal" data-proposal-id={proposal.id}>
      <ProposalBadges proposal={proposal} />
      <h3 className="proposal-title">
        <Link to={`/coop/proposals/${proposal.id}`}>{proposal.title}</Link>
      </h3>
      <ProposalEffect proposal={proposal} />
      <ProposalFacts proposal={proposal} />
    </li>
  );
}

/** The whole proposal on its page. */
export function ProposalDetails({ proposal }: { proposal: ProposalCard }) {
  return (
    <article className="card proposal stack" aria-labelledby="proposal-title">
      <ProposalBadges proposal={proposal} />
      <h1 id="proposal-title">{proposal.title}</h1>
      {proposal.body ? <p className="proposal-body">{proposal.body}</p> : null}
      <ProposalEffect proposal={proposal} />
      <ProposalFacts proposal={proposal} />
    </article>
  );
}

/**
 * Yes / No / Abstain, posted to the proposal page's action (it works before or without JavaScript).
 * A member who voted may change the ballot until voting closes.
 */
export function BallotForm({ proposal, mayVote }: { proposal: ProposalCard; mayVote: boolean }) {
  const t = useT();
  const lastResult = useActionData<FormAnswer>();
  const [form, fields] = useActionForm(ballotFormSchema, { id: "ballot", lastResult });
  const navigation = useNavigation();
  // Closed (perhaps while the member chose): only the refusal of a late ballot, if one was sent.
  if (!proposal.open) return <FormErrors errors={form.errors} className="field-errors card" />;
  if (!mayVote) return <p className="card muted">{t("coop.ballot.notMember")}</p>;
  return (
    <Form method="post" className="card stack ballot-form" {...getFormProps(form)} aria-labelledby="ballot-legend">
      <fieldset>
        <legend id="ballot-legend">{t("coop.ballot.legend")}</legend>
        {proposal.youVoted ? <p className="muted">{t("coop.ballot.voted")}</p> : null}
        <div className="ballot-choices">
          {BALLOT_CHOICES.map((choice) => (
            <label key={choice} className="ballot-choice">
              <input
                type="radio"
                name={fields.choice.name}
                value={choice}
                aria-invalid={fields.choice.errors ? true : undefined}
              />
              <span>{t(`coop.ballot.${choice}`)}</span>
            </label>
          ))}
        </div>
        <FormErrors errors={fields.choice.errors} />
      </fieldset>
      <FormErrors errors={form.errors} />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        {proposal.youVoted ? t("coop.ballot.change") : t("coop.ballot.cast")}
      </button>
    </Form>
  );
}
