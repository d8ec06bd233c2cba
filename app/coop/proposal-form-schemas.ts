import { z } from "zod";
import { encodeMessage as says } from "~/i18n/message";
import { typedPesos } from "~/money/peso-input";
import { proposalBodySchema, type ProposalBody } from "./governance-schemas";

/**
 * The /coop pages' forms (decision 0187): the ballot is the API's body as it is; a new proposal is
 * the API's body too, except that a settings change names one setting and its new value (a form
 * cannot post the nested settings object) and becomes the API's body on the server (`toProposalBody`).
 */
export { ballotBodySchema as ballotFormSchema } from "./governance-schemas";

/** The settings a member can propose to change from the page, by their path in the settings body. */
export const PROPOSABLE_SETTINGS = [
  "rateCard.baseFare",
  "rateCard.includedKm",
  "rateCard.perKm",
  "rateCard.sizeFees.small",
  "rateCard.sizeFees.medium",
  "rateCard.sizeFees.large",
  "cancellationFees.assigned",
  "cancellationFees.riderArrived",
  "incentives.dailyRatingBonus.amount",
  "incentives.weeklyTop.amount",
  "idDiscountPercents.pwd",
  "idDiscountPercents.senior",
  "idDiscountPercents.student",
  "maxDistanceKm",
] as const;
export type ProposableSetting = (typeof PROPOSABLE_SETTINGS)[number];

const [settingsBody, payoutBody, surplusReturnBody, resolutionBody] = proposalBodySchema.options;

const settingsForm = settingsBody.omit({ settings: true }).extend({
  setting: z.enum(PROPOSABLE_SETTINGS, { errorMap: () => ({ message: says("coop.new.chooseSetting") }) }),
  /** Pesos for most settings, read by the pesos rule ("1,500"); percentages and kilometres read the same. */
  value: typedPesos(
    z.number({ required_error: says("coop.new.valueNumber"), invalid_type_error: says("coop.new.valueNumber") }),
  ),
});

export const newProposalFormSchema = z.discriminatedUnion(
  "kind",
  [settingsForm, payoutBody, surplusReturnBody, resolutionBody],
  {
    errorMap: () => ({ message: says("server.governance.kind") }),
  },
);
export type NewProposalForm = z.infer<typeof newProposalFormSchema>;

/** The API's body of a proposal sent from the page. */
export function toProposalBody(form: NewProposalForm): ProposalBody {
  if (form.kind !== "settings") return form;
  const { setting, value, ...rest } = form;
  const settings: Record<string, unknown> = {};
  const path = setting.split(".");
  let node = settings;
  for (const key of path.slice(0, -1)) node = (node[key] = {}) as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
  return { ...rest, settings };
}
