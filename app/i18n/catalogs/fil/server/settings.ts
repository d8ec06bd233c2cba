import type { settings as en } from "../../en/server/settings";

export const settings: Record<keyof typeof en, string> = {
};
