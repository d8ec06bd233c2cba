import type { messaging as en } from "../../en/server/messaging";

export const messaging: Record<keyof typeof en, string> = {
};
