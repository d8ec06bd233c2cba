/** The demo data's delivery Carla (a rider) holds for a customer: its tracking page and job screen. */
export const CARLAS_ASSIGNED_DELIVERY = "00000000-0000-4000-8000-0000de110003";

/** Every page the demo admin works in (their pages and the surplus-return proposal's form). */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/riders",
  "/admin/cashouts",
  "/admin/id-discounts",
  "/admin/partners",
  "/admin/reports",
  "/admin/settings",
  "/admin/claims",
  "/admin/setup",
  "/coop/proposals/new?kind=surplus_return",
];
