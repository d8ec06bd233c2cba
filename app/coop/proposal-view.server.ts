import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { storedText } from "~/i18n/stored-text.server";
import { centavosToPesos, type Pesos } from "~/money/money";
import { formatChangeValue } from "~/settings/settings-diff";
import type { ProposalRecord } from "./proposals.server";
import { quorumOf } from "./governance-rules";
import { describeLeafChanges } from "./settings-proposal";

/**
 * A proposal as the API answers it (`GET /api/proposals`, `GET /api/proposals/{id}`, `POST`):
 * times in ISO, money in pesos, a settings change as `[{ field, label, before, after }]` in the
 * reader's language. The totals only after the close, the same to everyone (while voting is open,
 * the turnout and whether the reader voted; decision 0216, amended); never anything about who
 * chose what.
 */
export interface ProposalView {
  id: string;
  kind: ProposalRecord["kind"];
  title: string;
  body: string;
  openedBy: { name: string | null };
  openedAt: string;
  closesAt: string;
  closedAt: string | null;
  open: boolean;
  entitled: number;
  quorum: number;
  turnout: number;
  youVoted: boolean;
  /** Null until the close. */
  totals: { yes: number; no: number; abstain: number } | null;
  result: ProposalRecord["result"];
  settingsChanges?: { field: string; label: string; before: string; after: string }[];
  payout?: { amount: Pesos; purpose: string };
  surplusReturn?: { period: { kind: "month" | "quarter" | "year"; start: string }; amount: Pesos };
  /** What a passed proposal made (e.g. the settings version), once closed. */
  settingsVersion?: number | null;
  /**
   * A payout or surplus return: whether the close booked it (true), or it passed and could not be
   * booked (false: the fund no longer covered it, it was over its cap, or nobody shared it); null
   * while open or when it did not pass (decision 0215).
   */
  booked?: boolean | null;
}

export function proposalView(record: ProposalRecord, language: Language, now = Date.now()): ProposalView {
  const view: ProposalView = {
    id: record.id,
    kind: record.kind,
    // What the system wrote (a claim's proposal) is an encoded message, in the reader's language; a member's words read as written.
    title: storedText(language, record.title),
    body: storedText(language, record.body),
    openedBy: { name: record.openedBy.name },
    openedAt: new Date(record.openedAt).toISOString(),
    closesAt: new Date(record.closesAt).toISOString(),
    closedAt: record.closedAt === null ? null : new Date(record.closedAt).toISOString(),
    open: record.closedAt === null && now < record.closesAt,
    entitled: record.entitled,
    quorum: quorumOf(record.entitled),
    turnout: record.turnout,
    youVoted: record.youVoted,
    totals: record.closedTotals,
    result: record.result,
  };
  const payload = record.payload;
  if (payload.kind === "settings") {
    const words = (key: string, values?: Record<string, string>) =>
      translate(language, `adminMoney.${key}` as MessageId<"adminMoney">, values);
    view.settingsChanges = describeLeafChanges(payload.changes).map((change) => ({
      field: change.path,
      label: change.label.map((part) => ("text" in part ? part.text : words(part.key, part.values))).join(" · "),
      before: formatChangeValue(change.before, words),
      after: formatChangeValue(change.after, words),
    }));
    const made = record.appliedRef?.startsWith("settings:")
      ? Number(record.appliedRef.slice("settings:".length))
      : null;
    view.settingsVersion = made;
  }
  if (payload.kind === "payout")
    view.payout = { amount: centavosToPesos(payload.amount), purpose: storedText(language, payload.purpose) };
  if (payload.kind === "surplus_return")
    view.surplusReturn = { period: payload.period, amount: centavosToPesos(payload.amount) };
  if (payload.kind === "payout" || payload.kind === "surplus_return")
    view.booked = record.result === "passed" ? record.appliedRef !== null : null;
  return view;
}
