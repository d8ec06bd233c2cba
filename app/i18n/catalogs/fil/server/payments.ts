import type { payments as en } from "../../en/server/payments";

export const payments: Record<keyof typeof en, string> = {
};
