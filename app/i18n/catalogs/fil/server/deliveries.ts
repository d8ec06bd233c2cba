import type { deliveries as en } from "../../en/server/deliveries";

export const deliveries: Record<keyof typeof en, string> = {
};
