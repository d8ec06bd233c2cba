import type { partners as en } from "../../en/server/partners";

export const partners: Record<keyof typeof en, string> = {
};
