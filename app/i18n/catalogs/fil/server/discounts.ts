import type { discounts as en } from "../../en/server/discounts";

export const discounts: Record<keyof typeof en, string> = {
};
