import { z } from "zod";
import { CLAIM_KINDS, CLAIM_STATUSES } from "~/db/enums";
import { encodeMessage as says, word } from "~/i18n/message";
import { formatPesos } from "~/money/money";
import { pesoAmount } from "~/money/peso-input";
import { CLAIM_MAX_PESOS } from "~/money/peso-limits";
import { lengthAtMost, safeText } from "~/forms/text";

/**
 * Claims on the member benefits fund: the fields of `POST /api/coop/claims` (multipart
 * form data, so every value arrives as text; the photos are checked in claims.server.ts) and the
 * decision of `POST /api/admin/claims/{id}/decision`, which /admin/claims' forms post too.
 * Each refusal is a message id of `server.claims.…`.
 */
export const CLAIM_NOTE_MAX = 1000;
const DECISION_REASON_MAX = 500;

const amountProblem = says("server.claims.amount", { max: formatPesos(CLAIM_MAX_PESOS * 100) });
const noteMissing = says("server.claims.noteRequired");

export const claimFieldsSchema = z.object({
  kind: z.enum(CLAIM_KINDS, { errorMap: () => ({ message: says("server.claims.kind") }) }),
  /** Pesos as typed ("1,500.50"; the pesos rule of app/money/peso-input.ts), at most 2 decimals. */
  amount: pesoAmount(CLAIM_MAX_PESOS, "positive", {
    required: amountProblem,
    notNumber: amountProblem,
    sign: amountProblem,
    tooLarge: amountProblem,
    centavos: says("server.claims.amountCentavos"),
  }),
  note: safeText(
    z
      .string({ required_error: noteMissing, invalid_type_error: noteMissing })
      .trim()
      .min(1, noteMissing)
      .superRefine(lengthAtMost(CLAIM_NOTE_MAX, says("server.claims.noteTooLong", { max: CLAIM_NOTE_MAX }))),
    word("server.claims.field.note"),
    { multiline: true },
  ),
});
export type ClaimFields = z.infer<typeof claimFieldsSchema>;

const reasonMissing = says("server.claims.reasonRequired");
const reason = (required: boolean) => {
  const text = z.string({ required_error: reasonMissing, invalid_type_error: reasonMissing }).trim();
  const checked = safeText(
    (required ? text.min(1, reasonMissing) : text).superRefine(
      lengthAtMost(DECISION_REASON_MAX, says("server.claims.reasonTooLong", { max: DECISION_REASON_MAX })),
    ),
    word("server.claims.field.reason"),
    { multiline: true },
  );
  return required ? checked : checked.optional();
};

const decisionOptions = {
  approve: { decision: z.literal("approve"), reason: reason(false) },
  reject: { decision: z.literal("reject"), reason: reason(true) },
};
const decisionError = { errorMap: () => ({ message: says("server.claims.decision") }) };

/** An admin's decision: approve (a reason is optional) or reject (a reason is required). */
export const claimDecisionSchema = z.discriminatedUnion(
  "decision",
  [z.object(decisionOptions.approve), z.object(decisionOptions.reject)],
  decisionError,
);
export type ClaimDecision = z.infer<typeof claimDecisionSchema>;

/** The same decision posted by /admin/claims' forms, with the claim's id (the API's URL carries it). */
const claimId = z
  .string({ required_error: says("server.claims.notFound") })
  .trim()
  .min(1, says("server.claims.notFound"))
  .max(64, says("server.claims.notFound"));
export const claimDecisionFormSchema = z.discriminatedUnion(
  "decision",
  [z.object({ ...decisionOptions.approve, claimId }), z.object({ ...decisionOptions.reject, claimId })],
  decisionError,
);

/** `GET /api/coop/claims?status=` (admins). */
export const claimStatusSchema = z.enum(CLAIM_STATUSES, {
  errorMap: () => ({ message: says("server.claims.status") }),
});
