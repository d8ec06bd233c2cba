import { z } from "zod";
import { encodeMessage } from "~/i18n/message";
import { adjustmentSchema, cashoutSettleSchema, remittanceSchema } from "~/ledger/ledger-schemas";
import { waiveSchema } from "~/payments/admin-waive-schema";

/** The forms of /admin/cashouts: each its `/api` route's schema, with the id its URL carries there. */
const id = () =>
  z
    .string({ required_error: encodeMessage("server.http.bodyUnreadable") })
    .trim()
    .min(1)
    .max(100);
export const settleFormSchema = cashoutSettleSchema.extend({ cashoutId: id() });
export const remittanceFormSchema = remittanceSchema.extend({ riderId: id() });
export const adjustmentFormSchema = adjustmentSchema.extend({ riderId: id() });
export const waiveFormSchema = waiveSchema.extend({ feeId: id() });
export const refundFormSchema = z.object({ paymentId: id() });
