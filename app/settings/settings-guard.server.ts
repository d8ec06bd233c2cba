import { refusalAnswer } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { message } from "~/i18n/message";
import type { OpenVoteOnSettings } from "~/coop/proposals.server";
import { describeChange, formatChangeValue, type SettingChange } from "./settings-diff";
import { settingsToBody } from "./settings-schema";
import type { SettingsConflict } from "./settings.server";

/**
 * Settings are changed with care (docs/guide/README.md): a price that moves by more than 50% is
 * saved only when the request says so (`confirmLargeChange: true`, the page's second confirmation),
 * so a base fare of ₱4,000 never saves at once. The refusal: 409, in the caller's language, with
 * `needs: "confirmLargeChange"` and each large change before → after.
 */
export async function largeChangeRefusal(large: SettingChange[], language: Language): Promise<Response> {
  const refusal = new Refusal(409, "server.settings.largeChange", undefined, "confirmLargeChange", {
    confirmLargeChange: [message("server.settings.largeChange")],
  });
  const words = (key: string) => translate(language, `adminMoney.${key}` as MessageId<"adminMoney">);
  const answer = (await refusalAnswer(refusal, language).json()) as Record<string, unknown>;
  return Response.json(
    {
      ...answer,
      needs: "confirmLargeChange",
      largeChanges: large.map((change) => ({
        field: change.path,
        before: formatChangeValue(change.before, words),
        after: formatChangeValue(change.after, words),
      })),
    },
    { status: 409 },
  );
}

/**
 * A save built on a version that is no longer the newest (decision 0219): 409 in the caller's
 * language, with the newest `version` and its `settings` (to build the change on again), every
 * setting changed since (`changesSince`, before → after) and who made each version since
 * (`versionsSince`: an admin, the members' vote on a proposal, or the system).
 */
export async function changedSinceRefusal(conflict: SettingsConflict, language: Language): Promise<Response> {
  const values = { version: conflict.newest.version, base: conflict.base };
  const refusal = new Refusal(409, "server.settings.changedSince", values, "baseVersion", {
    baseVersion: [message("server.settings.changedSince", values)],
  });
  const words = (key: string, values?: Record<string, string>) =>
    translate(language, `adminMoney.${key}` as MessageId<"adminMoney">, values);
  const answer = (await refusalAnswer(refusal, language).json()) as Record<string, unknown>;
  return Response.json(
    {
      ...answer,
      needs: "baseVersion",
      version: conflict.newest.version,
      settings: settingsToBody(conflict.newest.settings),
      changesSince: conflict.changes.map((change) => describeChange(change, words)),
      versionsSince: conflict.versions,
    },
    { status: 409 },
  );
}

/** The open settings votes a save touched, as the API answers them (words in the reader's language). */
export function openVotesView(votes: OpenVoteOnSettings[], language: Language) {
  const words = (key: string, values?: Record<string, string>) =>
    translate(language, `adminMoney.${key}` as MessageId<"adminMoney">, values);
  return votes.map((vote) => ({
    proposalId: vote.proposalId,
    title: vote.title,
    closesAt: new Date(vote.closesAt).toISOString(),
    changes: vote.changes.map((change) => describeChange(change, words)),
  }));
}
