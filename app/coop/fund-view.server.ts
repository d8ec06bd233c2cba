import type { Page } from "~/http/paging.server";
import { translate } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { storedText } from "~/i18n/stored-text.server";
import { centavosToPesos, type Pesos } from "~/money/money";
import type { FundMovement, FundStanding } from "./fund.server";

/** The fund as `GET /api/coop/fund` answers it: pesos, Manila days, labels in the reader's language. */
export interface FundView {
  balance: Pesos;
  /** Of the balance, what claims filed and not yet paid hold (decision 0215), and what is free for new claims and payouts. */
  heldForClaims: Pesos;
  free: Pesos;
  /** Claims the members passed that wait for funds: paid first, oldest first, as money comes in. */
  waitingForFunds: { claims: number; amount: Pesos };
  movements: { id: string; day: string; kind: FundMovement["kind"]; amount: Pesos; label: string }[];
  nextCursor: string | null;
}

const movementLabel = (movement: Pick<FundMovement, "kind" | "title">, language: Language): string =>
  movement.kind === "payout"
    ? storedText(language, movement.title ?? "")
    : translate(language, movement.kind === "fees" ? "server.governance.fund.fees" : "server.governance.fund.claim");

export function fundView(standing: FundStanding, page: Page<FundMovement>, language: Language): FundView {
  return {
    balance: centavosToPesos(standing.balance),
    heldForClaims: centavosToPesos(standing.held),
    free: centavosToPesos(standing.free),
    waitingForFunds: { claims: standing.owedClaims, amount: centavosToPesos(standing.owed) },
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
