import type { PaymentMethod, PaymentStatus } from "~/db/enums";
import { formatPesos, pesosToCentavos } from "~/money/money";

/** What the rider does about money on a job (shown on every job): collect cash, or nothing. */
export function collectionText(payment: { method: PaymentMethod; status: PaymentStatus }, amountDuePesos: number): string {
  if (payment.method === "cash") return amountDuePesos > 0 ? `Collect ${formatPesos(pesosToCentavos(amountDuePesos))} cash` : "Nothing to collect";
  if (payment.method === "invoice") return "Invoiced to a business account: nothing to collect";
  return payment.status === "not_required" ? "Nothing to collect" : "Paid online";
}
