import type { shell as en } from "~/i18n/catalogs/en/shell";

export const shell: Record<keyof typeof en, string> = {
  "toast.region": "Mga notification ({hotkey})",
  "toast.close": "Isara",
  "spinner.loading": "Naglo-load",
  "notFound.title": "Walang ganitong page · Hatid",
  "notFound.heading": "404 Walang ganitong page",
  "notFound.body": "Baka mali ang link, o wala na ang page na ito.",
  "notFound.home": "Bumalik sa Home",
  "notFound.back": "Bumalik sa naunang page",
};
