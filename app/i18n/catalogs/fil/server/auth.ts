import type { auth as en } from "../../en/server/auth";

export const auth: Record<keyof typeof en, string> = {
};
