import type { ratings as en } from "../../en/server/ratings";

export const ratings: Record<keyof typeof en, string> = {
};
