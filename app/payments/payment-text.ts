import type { PaymentMethod, PaymentStatus } from "~/db/enums";
import { formatPesos, pesosToCentavos } from "~/money/money";

/** What the rider does about money on a job (shown on every job): collect cash, or nothing. */
export function collectionText(payment: { method: PaymentMethod; status: PaymentStatus }, amountDuePesos: number): string {
  if (payment.method === "cash") return amountDuePesos > 0 ? `Collect ${formatPesos(pesosToCentavos(amountDuePesos))} cash` : "Nothing to collect";
  if (payment.method === "invoice") return "Invoiced to a business account: nothing to collect";
  return payment.status === "not_required" ? "Nothing to collect" : "Paid online";
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  not_required: "Pay on delivery",
  pending: "Waiting for payment",
  paid: "Paid",
  failed: "Payment failed",
  refunded: "Refunded",
  partially_refunded: "Partly refunded",
};

/** How long a refund takes to arrive (the help centre's refund times). */
export const REFUND_TIMES: Record<PaymentMethod, string> = {
  gcash: "1-3 business days",
  maya: "1-3 business days",
  card: "5-7 business days",
  cash: "at once",
  invoice: "on your next statement",
};
