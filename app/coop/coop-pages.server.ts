import { requireUser } from "~/auth/role-page.server";
import type { User } from "~/db/schema";
import { readForm, redirectWithToast, runFormStep, submitForm } from "~/forms/form-action.server";
import { formKeyOf, newFormKey, onceForFormKey } from "~/forms/form-key.server";
import { decodeCursor } from "~/http/cursor";
import { isRefusal, Refusal } from "~/http/refusal";
import type { MessageId } from "~/i18n/catalogs";
import { languageOf, messagesFor, translate, type CatalogPart } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { settingsInForce } from "~/settings/settings.server";
import { formatChangeValue } from "~/settings/settings-diff";
import { formatManilaDateTime } from "~/i18n/manila";
import { formatTimeUntil } from "~/i18n/relative-time";
import {
  ballotFormSchema,
  newProposalFormSchema,
  PROPOSABLE_SETTINGS,
  toProposalBody,
  type ProposableSetting,
} from "./proposal-form-schemas";
import { proposalView, type ProposalView } from "./proposal-view.server";
import { openProposal } from "./open-proposal.server";
import { castBallot, getProposal, listProposals } from "./proposals.server";
import { coopUser } from "./coop-access.server";
import { coopRefusal, mayOpen, mayVote } from "./governance-rules";
import { describeLeafChanges } from "./settings-proposal";

/**
 * The /coop pages: who may see them (riders, members or not, and admins), the list of
 * proposals, one proposal with its ballot, and opening one. Each form is the page's own action
 * calling what the `/api` route calls, with the same schema (decision 0187).
 */
const NAMESPACES: CatalogPart[] = [
  "coop",
  "server.governance",
  "server.claims",
  "server.settings",
  "server.validation",
  "server.http",
];
const PROPOSALS_PER_PAGE = 10;

/** A proposal as a page shows it: the API's view with its times written out for the reader. */
export interface ProposalCard extends ProposalView {
  openedText: string;
  closesText: string;
  /** "in 3 days" while open; null once the voting time is over. */
  closesIn: string | null;
  closedText: string | null;
}

function cardOf(view: ProposalView, language: Language, now: number): ProposalCard {
  const closesAt = Date.parse(view.closesAt);
  return {
    ...view,
    openedText: formatManilaDateTime(view.openedAt),
    closesText: formatManilaDateTime(view.closesAt),
    closesIn: closesAt > now ? formatTimeUntil(language, closesAt, now) : null,
    closedText: view.closedAt ? formatManilaDateTime(view.closedAt) : null,
  };
}

/**
 * A /coop page's reader and words: the co-op's one rule (`coopRefusal`, as its `/api` answers)
 * thrown by `requireUser`, so a customer and a suspended rider get the API's 403 and its words;
 * nobody signed in, the landing page with the sign-in (the signed-in area's layout).
 */
export async function coopPageUser(
  request: Request,
  env: Env,
  titleId: MessageId<"coop">,
  titleValues?: Record<string, string>,
) {
  const user = await requireUser(request, env, coopRefusal);
  const language = languageOf(request, user);
  return {
    user,
    language,
    words: { title: translate(language, titleId, titleValues), i18n: messagesFor(language, NAMESPACES) },
  };
}

/** /coop: the proposals, open ones first, a page at a time (`?cursor=` from "Older proposals"). */
export async function proposalListPage(env: Env, user: User, language: Language, url: URL, now = Date.now()) {
  const raw = url.searchParams.get("cursor");
  const cursor = raw ? decodeCursor(raw) : null;
  const page = await listProposals(env.DB, user.id, cursor, PROPOSALS_PER_PAGE);
  return {
    proposals: page.items.map((record) => cardOf(proposalView(record, language, now), language, now)),
    nextCursor: page.nextCursor,
    olderPage: Boolean(cursor),
    mayOpen: mayOpen(user),
  };
}

/** /coop/proposals/{id}: the proposal, whether the reader may vote, or null when there is none. */
export async function proposalPage(env: Env, user: User, language: Language, id: string, now = Date.now()) {
  try {
    const record = await getProposal(env.DB, id, user.id);
    return { proposal: cardOf(proposalView(record, language, now), language, now), mayVote: mayVote(user) };
  } catch (error) {
    if (isRefusal(error) && error.status === 404) return null;
    throw error;
  }
}

/** Cast my vote / Change my vote: back to the proposal with its toast (the totals show only after the close). */
export async function ballotAction(request: Request, env: Env, proposalId: string) {
  const form = await readForm(request);
  return runFormStep(async () => {
    const member = await coopUser(request, env);
    if (!mayVote(member)) throw new Refusal(403, "server.governance.notMember");
    const language = languageOf(request, member);
    return submitForm(form, ballotFormSchema, async ({ choice }) => {
      await castBallot(env, member, proposalId, choice);
      return redirectWithToast(request, `/coop/proposals/${encodeURIComponent(proposalId)}`, {
        title: translate(language, "coop.toast.voted"),
        description: translate(language, "coop.toast.votedText"),
      });
    });
  });
}

/** The settings a proposal may change, each with its label and value in force, for the page's list. */
async function proposableSettings(env: Env, language: Language, now = Date.now()) {
  const current = await settingsInForce(env.DB, now);
  const words = (key: string, values?: Record<string, string>) =>
    translate(language, `adminMoney.${key}` as MessageId<"adminMoney">, values);
  return PROPOSABLE_SETTINGS.map((path) => {
    const value = valueAt(current.settings, path);
    const [change] = describeLeafChanges([{ path: path.split("."), before: value }]);
    const label = change
      ? change.label.map((part) => ("text" in part ? part.text : words(part.key, part.values))).join(" · ")
      : path;
    const now = change ? formatChangeValue(change.before, words) : String(value);
    return { path, label: translate(language, "coop.new.settingNow", { label, value: now }) };
  });
}

const valueAt = (settings: unknown, path: ProposableSetting): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      settings,
    );

/** /coop/proposals/new's data: the form's key (a double submit opens one proposal) and the settings' list. */
export async function newProposalPage(env: Env, user: User, language: Language) {
  return { mayOpen: mayOpen(user), settings: await proposableSettings(env, language), formKey: newFormKey() };
}

/** Open the proposal: to its page with a toast; a settings value the settings' rules refuse is the form's `value` error. */
export async function openProposalAction(request: Request, env: Env) {
  const form = await readForm(request);
  return runFormStep(async () => {
    const opener = await coopUser(request, env);
    if (!mayOpen(opener)) throw new Refusal(403, "server.governance.mayNotOpen");
    const language = languageOf(request, opener);
    return submitForm(form, newProposalFormSchema, async (value) =>
      onceForFormKey(env, opener.id, formKeyOf(form), "proposal", async () => {
        const record = await openProposal(env.DB, opener, toProposalBody(value)).catch((error: unknown) => {
          if (isRefusal(error) && error.field?.startsWith("settings"))
            throw new Refusal(error.status, error.id, error.values, "value");
          throw error;
        });
        return redirectWithToast(request, `/coop/proposals/${record.id}`, {
          title: translate(language, "coop.toast.opened"),
          description: translate(language, "coop.toast.openedText", { date: formatManilaDateTime(record.closesAt) }),
        });
      }),
    );
  });
}
