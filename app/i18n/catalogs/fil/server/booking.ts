import type { booking as en } from "../../en/server/booking";

export const booking: Record<keyof typeof en, string> = {
};
