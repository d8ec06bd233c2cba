import type { riders as en } from "../../en/server/riders";

export const riders: Record<keyof typeof en, string> = {
};
