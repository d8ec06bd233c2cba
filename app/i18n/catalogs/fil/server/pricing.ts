import type { pricing as en } from "../../en/server/pricing";

export const pricing: Record<keyof typeof en, string> = {
};
