import { common as enCommon } from "./en/common";
import { landing as enLanding } from "./en/landing";
import { signIn as enSignIn } from "./en/signIn";
import { server as enServer } from "./en/server";
import { help as enHelp } from "./en/help";
import { helpFaqs as enHelpFaqs } from "./en/helpFaqs";
import { admin as enAdmin } from "./en/admin";
import { adminMoney as enAdminMoney } from "./en/adminMoney";
import { adminAccess as enAdminAccess } from "./en/adminAccess";
import { adminSetup as enAdminSetup } from "./en/adminSetup";
import { rider as enRider } from "./en/rider";
import { becomeRider as enBecomeRider } from "./en/becomeRider";
import { shell as enShell } from "./en/shell";
import { app as enApp } from "./en/app";
import { home as enHome } from "./en/home";
import { tracking as enTracking } from "./en/tracking";
import { booking as enBooking } from "./en/booking";
import { settings as enSettings } from "./en/settings";
import { notifications as enNotifications } from "./en/notifications";
import { coop as enCoop } from "./en/coop";
import { legal as enLegal } from "./en/legal";
import { common as filCommon } from "./fil/common";
import { landing as filLanding } from "./fil/landing";
import { signIn as filSignIn } from "./fil/signIn";
import { server as filServer } from "./fil/server";
import { help as filHelp } from "./fil/help";
import { helpFaqs as filHelpFaqs } from "./fil/helpFaqs";
import { admin as filAdmin } from "./fil/admin";
import { adminMoney as filAdminMoney } from "./fil/adminMoney";
import { adminAccess as filAdminAccess } from "./fil/adminAccess";
import { adminSetup as filAdminSetup } from "./fil/adminSetup";
import { rider as filRider } from "./fil/rider";
import { becomeRider as filBecomeRider } from "./fil/becomeRider";
import { shell as filShell } from "./fil/shell";
import { app as filApp } from "./fil/app";
import { home as filHome } from "./fil/home";
import { tracking as filTracking } from "./fil/tracking";
import { booking as filBooking } from "./fil/booking";
import { settings as filSettings } from "./fil/settings";
import { notifications as filNotifications } from "./fil/notifications";
import { coop as filCoop } from "./fil/coop";
import { legal as filLegal } from "./fil/legal";
import type { Language } from "~/i18n/languages";

/**
 * Every message catalog, by namespace and language. One file per namespace and language, so areas
 * of the app can be translated independently; Filipino files are typed by their English twins, so
 * a missing or extra key does not compile. Server-only: pages receive the namespaces they need,
 * compiled, through their loaders (app/i18n/i18n.server.ts).
 */
export const CATALOGS = {
  common: { en: enCommon, fil: filCommon },
  landing: { en: enLanding, fil: filLanding },
  signIn: { en: enSignIn, fil: filSignIn },
  server: { en: enServer, fil: filServer },
  help: { en: enHelp, fil: filHelp },
  helpFaqs: { en: enHelpFaqs, fil: filHelpFaqs },
  admin: { en: enAdmin, fil: filAdmin },
  adminMoney: { en: enAdminMoney, fil: filAdminMoney },
  adminAccess: { en: enAdminAccess, fil: filAdminAccess },
  adminSetup: { en: enAdminSetup, fil: filAdminSetup },
  rider: { en: enRider, fil: filRider },
  becomeRider: { en: enBecomeRider, fil: filBecomeRider },
  shell: { en: enShell, fil: filShell },
  app: { en: enApp, fil: filApp },
  home: { en: enHome, fil: filHome },
  tracking: { en: enTracking, fil: filTracking },
  booking: { en: enBooking, fil: filBooking },
  settings: { en: enSettings, fil: filSettings },
  notifications: { en: enNotifications, fil: filNotifications },
  coop: { en: enCoop, fil: filCoop },
  legal: { en: enLegal, fil: filLegal },
} satisfies Record<string, Record<Language, Record<string, string>>>;

export type Namespace = keyof typeof CATALOGS;
export type MessageId<N extends Namespace> = `${N}.${Extract<keyof (typeof CATALOGS)[N]["en"], string>}`;
