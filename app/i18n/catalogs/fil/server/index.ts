import { http } from "./http";
import { validation } from "./validation";
import { auth } from "./auth";
import { deliveries } from "./deliveries";
import { booking } from "./booking";
import { pricing } from "./pricing";
import { tracking } from "./tracking";
import { ratings } from "./ratings";
import { payments } from "./payments";
import { ledger } from "./ledger";
import { settings } from "./settings";
import { riders } from "./riders";
import { admin } from "./admin";
import { discounts } from "./discounts";
import { partners } from "./partners";
import { applications } from "./applications";
import { messaging } from "./messaging";
import { governance } from "./governance";
import { claims } from "./claims";
import type { server as en } from "~/i18n/catalogs/en/server";

// The same areas as the English index (en/server/index.ts).
export const server: Record<keyof typeof en, string> = Object.assign(
  {},
  http,
  validation,
  auth,
  deliveries,
  booking,
  pricing,
  tracking,
  ratings,
  payments,
  ledger,
  settings,
  riders,
  admin,
  discounts,
  partners,
  applications,
  messaging,
  governance,
  claims,
);
