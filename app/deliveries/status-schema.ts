import { z } from "zod";
import { DELIVERY_STATUSES } from "~/db/enums";
import { encodeMessage, word, type AnyMessageId, type MessageDescriptor, type MessageValues } from "~/i18n/message";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { pesoAmount } from "~/money/peso-input";
import { CANCELLATION_FEE_MAX_PESOS } from "~/money/peso-limits";
import { lengthAtMost, safeText } from "~/forms/text";
import { HANDOVER_NOTE_MAX } from "./handover-code";

/**
 * A peso amount of ₱0 or more (`pesoAmount`). `what` names the amount in the messages: a word of
 * the catalogs (`word("server.deliveries.word.cancellationFee")`).
 */
export function pesosField(what: MessageDescriptor, max = CANCELLATION_FEE_MAX_PESOS) {
  const says = (id: AnyMessageId, values: MessageValues = {}) => encodeMessage(id, { what, ...values });
  return pesoAmount(max, "zeroOrMore", {
    required: says("server.deliveries.pesos.required"),
    notNumber: says("server.deliveries.pesos.number"),
    sign: says("server.deliveries.pesos.negative"),
    tooLarge: says("server.deliveries.pesos.tooLarge", { max: formatPesos(pesosToCentavos(max)) }),
    centavos: says("server.deliveries.pesos.centavos"),
  });
}

const HANDOVER_CODE = encodeMessage("server.deliveries.handover.codeFormat");
const RETURN_CODE = encodeMessage("server.deliveries.return.codeFormat");

/** The body of `POST /api/deliveries/{id}/status`, shared by the page and the API. */
export const statusChangeSchema = z
  .object(
    {
      status: z.enum(DELIVERY_STATUSES, {
        errorMap: () => ({ message: encodeMessage("server.deliveries.statusInvalid") }),
      }),
      /**
       * Optional, for cancelling: the fee (pesos) the customer saw in the cancellation dialog. When the
       * fee that applies now differs (the free 2 minutes ran out, the rider arrived), the call answers
       * 409 and charges nothing, so the fee charged is always the fee the customer confirmed.
       */
      cancellationFee: pesosField(word("server.deliveries.word.cancellationFee")).optional(),
      /** Optional, for delivered: the 4-digit code the recipient gives the rider. */
      handoverCode: z
        .string({ invalid_type_error: HANDOVER_CODE })
        .regex(/^\d{4}$/, HANDOVER_CODE)
        .optional(),
      /** For returned (required there): the 4-digit return code the sender gives the rider (decision 0222). */
      returnCode: z
        .string({ invalid_type_error: RETURN_CODE })
        .regex(/^\d{4}$/, RETURN_CODE)
        .optional(),
      /** Optional, for delivered without a code: why the recipient had none. */
      handoverNote: safeText(
        z
          .string({ invalid_type_error: encodeMessage("server.deliveries.handover.noteEmpty") })
          .trim()
          .min(1, encodeMessage("server.deliveries.handover.noteEmpty"))
          .superRefine(
            lengthAtMost(
              HANDOVER_NOTE_MAX,
              encodeMessage("server.deliveries.handover.noteTooLong", { max: HANDOVER_NOTE_MAX }),
            ),
          ),
        word("server.validation.field.handoverNote"),
      ).optional(),
    },
    { invalid_type_error: encodeMessage("server.validation.invalidBody") },
  )
  .superRefine((body, ctx) => {
    if (body.status !== "delivered" && (body.handoverCode !== undefined || body.handoverNote !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["handoverCode"],
        message: encodeMessage("server.deliveries.handover.onlyWhenDelivered"),
      });
    }
    if (body.status === "returned" && body.returnCode === undefined) {
      ctx.addIssue({ code: "custom", path: ["returnCode"], message: RETURN_CODE });
    }
    if (body.status !== "returned" && body.returnCode !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["returnCode"],
        message: encodeMessage("server.deliveries.return.codeOnlyWhenReturned"),
      });
    }
    if (body.handoverCode !== undefined && body.handoverNote !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["handoverNote"],
        message: encodeMessage("server.deliveries.handover.codeOrNote"),
      });
    }
  });
export type StatusChange = z.infer<typeof statusChangeSchema>;
