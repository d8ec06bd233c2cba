import type { Page } from "~/http/paging.server";
import { translate } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { centavosToPesos, type Centavos, type Pesos } from "~/money/money";
import type { FundMovement } from "./fund.server";

/** The fund as `GET /api/coop/fund` answers it: pesos, Manila days, labels in the reader's language. */
export interface FundView {
  balance: Pesos;
  movements: { id: string; day: string; kind: FundMovement["kind"]; amount: Pesos; label: string }[];
  nextCursor: string | null;
}

export const movementLabel = (movement: Pick<FundMovement, "kind" | "title">, language: Language): string =>
  movement.kind === "payout" ? (movement.title ?? "") : translate(language, movement.kind === "fees" ? "server.governance.fund.fees" : "server.governance.fund.claim");

export function fundView(balance: Centavos, page: Page<FundMovement>, language: Language): FundView {
  return {
    balance: centavosToPesos(balance),
    movements: page.items.map((movement) => ({
      id: movement.id,
      day: movement.day,
      kind: movement.kind,
      amount: centavosToPesos(movement.amount),
      label: movementLabel(movement, language),
    })),
    nextCursor: page.nextCursor,
  };
}
