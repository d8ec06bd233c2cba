import type { ledger as en } from "../../en/server/ledger";

export const ledger: Record<keyof typeof en, string> = {
};
