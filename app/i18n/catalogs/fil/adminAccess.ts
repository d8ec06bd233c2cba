import type { adminAccess as en } from "~/i18n/catalogs/en/adminAccess";

export const adminAccess: Record<keyof typeof en, string> = {
  denied: "Bawal dito: pang-admin lang ang page na ito",
};
