import type { applications as en } from "../../en/server/applications";

export const applications: Record<keyof typeof en, string> = {
};
