import type { Delivery } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { translateMessage } from "~/i18n/i18n.server";
import { centavosToPesos, type Pesos } from "~/money/money";
import { feeOutcome } from "~/payments/owed-fees.server";
import { settingsOfVersion } from "~/settings/settings.server";
import { cancellationInputOf, cancellationPolicy } from "./state-machine";

/** What cancelling now costs, as `GET /api/deliveries/{id}/cancellation` answers it and the Cancel form shows it. */
export interface CancellationQuote {
  allowed: boolean;
  fee: Pesos;
  /** Why, in the reader's language. */
  reason: string;
  /** The part of the fee added to the customer's next booking (nothing to take it from now). */
  owed: Pesos;
}

/** The one cancellation policy the status change charges, for this delivery now (decision 0217 for `owed`). */
export async function cancellationQuote(
  env: Env,
  delivery: Delivery,
  language: Language,
  now = new Date(),
): Promise<CancellationQuote> {
  const { cancellationFees } = await settingsOfVersion(env.DB, delivery.settingsVersion);
  const policy = cancellationPolicy(cancellationInputOf(delivery, now), cancellationFees);
  return {
    allowed: policy.allowed,
    fee: centavosToPesos(policy.fee ?? 0),
    reason: translateMessage(language, policy.reason),
    owed: centavosToPesos(feeOutcome(delivery, policy.fee ?? 0).owed),
  };
}
