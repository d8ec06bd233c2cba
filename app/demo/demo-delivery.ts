import type { DeliveryStatus, NewDelivery, PackageSize } from "~/db/schema";

/** The demo's cities; their centre points come from the product's city data (`~/cities`). */
export type DemoCity =
  | "Makati, Metro Manila"
  | "Mandaluyong, Metro Manila"
  | "Manila, Metro Manila"
  | "Pasay, Metro Manila"
  | "Pasig, Metro Manila"
  | "Quezon City, Metro Manila"
  | "Taguig, Metro Manila";

export type DemoRider = "demo-user-rico" | "demo-user-rosa" | "demo-user-sol" | "demo-user-mila" | "demo-user-nonoy";
type DemoCustomer = "demo-user-carla" | "demo-user-carlos";

export interface DemoDelivery {
  id: string;
  customer: DemoCustomer;
  rider?: DemoRider;
  status: DeliveryStatus;
  from: [address: string, city: DemoCity];
  to: [address: string, city: DemoCity];
  packageType: NewDelivery["packageType"];
  size: PackageSize;
  description: string;
  /** Minutes before the seed time that it was booked. */
  bookedMinutesAgo: number;
  /** Minutes beyond the estimated duration the ride took from accepting (default 8; over 15 is late). */
  overEstimate?: number;
  /** Another rider took it first and gave it back (a release), 5 minutes after booking. */
  releasedBy?: DemoRider;
  /** Who cancelled (default the customer). */
  cancelledBy?: "customer" | "admin";
  rating?: { stars: number; comment?: string };
  /**
   * Paid online (through the sandbox gateway, a minute after booking) rather than in cash: the
   * rider's ledger then has their share and no cash collected, so the co-op owes them (a balance
   * to cash out) where a cash delivery leaves the rider owing the co-op its 15%.
   */
  paid?: "gcash" | "maya" | "card";
}

export const HOUR = 60;
export const DAY = 24 * HOUR;

/** Ana, the demo admin: who settles, records and cancels in the demo's story. */
export const DEMO_ADMIN = "demo-user-ana";
