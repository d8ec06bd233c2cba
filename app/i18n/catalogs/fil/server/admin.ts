import type { admin as en } from "../../en/server/admin";

export const admin: Record<keyof typeof en, string> = {
};
