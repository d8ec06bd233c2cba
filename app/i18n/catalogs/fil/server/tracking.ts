import type { tracking as en } from "../../en/server/tracking";

export const tracking: Record<keyof typeof en, string> = {
};
