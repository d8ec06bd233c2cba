import { z } from "zod";
import { BALLOT_CHOICES } from "~/db/enums";
import { encodeMessage as says, word } from "~/i18n/message";
import { pesoAmount } from "~/money/peso-input";
import { PROPOSAL_MAX_PESOS } from "~/money/peso-limits";
import { lengthAtMost, safeText } from "~/forms/text";
import { BODY_MAX, TITLE_MAX, VOTING_DAYS_DEFAULT, VOTING_DAYS_MAX, VOTING_DAYS_MIN } from "./governance-rules";

/**
 * The bodies of the governance API: `POST /api/proposals` and
 * `PUT /api/proposals/{id}/ballot`. Each refusal is a message id of `server.governance.…`.
 */
const PURPOSE_MAX = 200;

const text = (field: "title" | "body" | "purpose", max: number, required: boolean) => {
  const tooLong = says("server.governance.textTooLong", { field: word(`server.governance.field.${field}`), max });
  const missing = says("server.governance.textRequired", { field: word(`server.governance.field.${field}`) });
  const base = z.string({ required_error: missing, invalid_type_error: missing }).trim();
  return safeText(
    (required ? base.min(1, missing) : base).superRefine(lengthAtMost(max, tooLong)),
    word(`server.governance.field.${field}`),
    { multiline: field === "body" },
  );
};

const amountProblem = says("server.governance.amount");
const pesos = pesoAmount(PROPOSAL_MAX_PESOS, "positive", {
  required: amountProblem,
  notNumber: amountProblem,
  sign: amountProblem,
  tooLarge: amountProblem,
  centavos: says("server.governance.amountCentavos"),
});

const common = {
  title: text("title", TITLE_MAX, true),
  body: text("body", BODY_MAX, false).default(""),
  votingDays: z
    .number({
      invalid_type_error: says("server.governance.votingDays", { min: VOTING_DAYS_MIN, max: VOTING_DAYS_MAX }),
    })
    .int(says("server.governance.votingDays", { min: VOTING_DAYS_MIN, max: VOTING_DAYS_MAX }))
    .min(VOTING_DAYS_MIN, says("server.governance.votingDays", { min: VOTING_DAYS_MIN, max: VOTING_DAYS_MAX }))
    .max(VOTING_DAYS_MAX, says("server.governance.votingDays", { min: VOTING_DAYS_MIN, max: VOTING_DAYS_MAX }))
    .default(VOTING_DAYS_DEFAULT),
};

const PERIOD_KINDS = ["month", "quarter", "year"] as const;

export const proposalBodySchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("settings"),
      ...common,
      /**
       * The settings to change, as `PUT /api/admin/settings` writes them (money in pesos), only the
       * parts that change: objects are merged into the settings in force, lists replace theirs.
       * Checked with the settings' own rules once merged (app/settings/settings-schema.ts).
       */
      settings: z.record(z.unknown(), {
        required_error: says("server.governance.noChange"),
        invalid_type_error: says("server.governance.noChange"),
      }),
    }),
    z.object({ kind: z.literal("payout"), ...common, amount: pesos, purpose: text("purpose", PURPOSE_MAX, true) }),
    z.object({
      kind: z.literal("surplus_return"),
      ...common,
      period: z.object(
        {
          kind: z.enum(PERIOD_KINDS, { errorMap: () => ({ message: says("server.governance.periodKind") }) }),
          start: z
            .string({
              required_error: says("server.governance.periodStart"),
              invalid_type_error: says("server.governance.periodStart"),
            })
            .regex(/^\d{4}-\d{2}-\d{2}$/, says("server.governance.periodStart")),
        },
        {
          required_error: says("server.governance.periodKind"),
          invalid_type_error: says("server.governance.periodKind"),
        },
      ),
      amount: pesos,
    }),
    z.object({ kind: z.literal("resolution"), ...common }),
  ],
  { errorMap: () => ({ message: says("server.governance.kind") }) },
);
export type ProposalBody = z.infer<typeof proposalBodySchema>;

export const ballotBodySchema = z.object({
  choice: z.enum(BALLOT_CHOICES, { errorMap: () => ({ message: says("server.governance.choice") }) }),
});
