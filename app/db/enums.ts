/**
 * The product's fixed vocabularies. A plain module (no drizzle) so pages can import them without
 * shipping the ORM to the browser; app/db/schema.ts re-exports them.
 */
export const ROLES = ["user", "rider", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const DELIVERY_STATUSES = [
  "pending",
  "assigned",
  "picked_up",
  "in_transit",
  "delivered",
  "cancelled",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const PACKAGE_TYPES = ["documents", "food", "parcels", "groceries", "electronics"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PACKAGE_SIZES = ["small", "medium", "large"] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];

export const VERIFICATION_CHANNELS = ["sms", "email"] as const;
export type VerificationChannel = (typeof VERIFICATION_CHANNELS)[number];

export const RIDER_APPLICATION_STATUSES = ["submitted", "approved", "rejected"] as const;
export type RiderApplicationStatus = (typeof RIDER_APPLICATION_STATUSES)[number];
